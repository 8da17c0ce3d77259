import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadRun {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  /** Answers received (any status). */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerRequest: number;
}

const child = fileURLToPath(new URL('./autocannon-child.mjs', import.meta.url));

/** autocannon against `run.url` from a separate Node process; resolves to its summary. */
export function runLoad(run: LoadRun): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, JSON.stringify(run)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}
