import { Worker } from 'node:worker_threads';
import type { LatencySample } from './latency';

export interface SampleTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * GETs the targets in turns, one call at a time, from a thread of its own (so a busy event loop in
 * this thread delays the server's answers, not the caller's clock): `requests` rounds, or until
 * `until` aborts. Samples by target name.
 */
export function sample(
  targets: readonly SampleTarget[],
  { requests, until }: { requests?: number; until?: AbortSignal },
): Promise<Map<string, LatencySample[]>> {
  const thread = new Worker(SAMPLER, { eval: true, workerData: { targets, requests: requests ?? null } });
  until?.addEventListener('abort', () => thread.postMessage('stop'), { once: true });
  return new Promise((resolve, reject) => {
    thread.once('message', (byName: [string, LatencySample[]][]) => {
      void thread.terminate();
      resolve(new Map(byName));
    });
    thread.once('error', reject);
  });
}

// Plain JavaScript: the thread runs it as is. A few unmeasured calls first warm the connection.
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
  const samples = targets.map(() => []);
  for (let round = 0; requests === null ? !stop : round < requests; round++) {
    for (const [i, t] of targets.entries()) samples[i].push(await get(t));
    // Let the stop message in between rounds.
    await new Promise((resolve) => setImmediate(resolve));
  }
  parentPort.postMessage(targets.map((t, i) => [t.name, samples[i]]));
})();
`;
