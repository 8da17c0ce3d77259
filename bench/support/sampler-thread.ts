import { Worker } from 'node:worker_threads';
import type { LatencySample } from './latency';

export interface SampleTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface Sampling {
  /** The thread's connections are warm: what is measured from now on is the server. */
  ready: Promise<void>;
  /** Samples by target name, once the rounds are done or `stop()` was called. */
  samples: Promise<Map<string, LatencySample[]>>;
  stop(): void;
}

/**
 * GETs the targets in turns, one call at a time, from a thread of its own (so a busy event loop in
 * this thread delays the server's answers, not the caller's clock): `requests` rounds, or until
 * `stop()`. A few unmeasured calls first warm the connection.
 */
export function sample(targets: readonly SampleTarget[], { requests }: { requests?: number } = {}): Sampling {
  const thread = new Worker(SAMPLER, { eval: true, workerData: { targets, requests: requests ?? null } });
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const samples = new Promise<Map<string, LatencySample[]>>((resolve, reject) => {
    thread.on('message', (message: 'ready' | [string, LatencySample[]][]) => {
      if (message === 'ready') return ready();
      void thread.terminate();
      resolve(new Map(message));
    });
    thread.once('error', reject);
  });
  return { ready: readyPromise, samples, stop: () => thread.postMessage('stop') };
}

// Plain JavaScript: the thread runs it as is.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { targets, requests } = workerData;
let stop = false;
parentPort.on('message', () => { stop = true; });
const get = async (t) => {
  const started = performance.now();
  const response = await fetch(t.url, { headers: t.headers });
  await response.arrayBuffer();
  return { ms: performance.now() - started, cpuMs: 0, ok: response.status === 200 };
};
(async () => {
  for (const t of targets) for (let i = 0; i < 5; i++) await get(t);
  parentPort.postMessage('ready');
  const samples = targets.map(() => []);
  for (let round = 0; requests === null ? !stop : round < requests; round++) {
    for (const [i, t] of targets.entries()) samples[i].push(await get(t));
    // Let the stop message in between rounds.
    await new Promise((resolve) => setImmediate(resolve));
  }
  parentPort.postMessage(targets.map((t, i) => [t.name, samples[i]]));
})();
`;
