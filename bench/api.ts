/**
 * API throughput: requests/s and p99 latency of a product route (GET /api/health: full pipeline,
 * envelope, a database query) beside the bare route of the same server (GET /healthz), in one
 * run, and their ratio — the cost of our pipeline over Fastify itself.
 *
 * Run: npm run bench:api   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { startServerProcess } from './support/server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const routes = [
  { name: 'bare    GET /healthz', path: '/healthz' },
  { name: 'product GET /api/health', path: '/api/health' },
];

const server = await startServerProcess(Number(process.env.BENCH_PORT ?? 4392));
let database = 'unknown';
const results: { name: string; rps: number; p99: number; p50: number; errors: number; non2xx: number }[] = [];
try {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data?: { database?: string } };
  database = health.data?.database ?? database;
  for (const route of routes) {
    // A short warm-up so JIT and the database's caches are not measured.
    await autocannon({ url: server.url + route.path, connections, duration: 2 });
    const r = await autocannon({ url: server.url + route.path, connections, duration: seconds });
    results.push({
      name: route.name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    });
  }
} finally {
  await server.stop();
}

console.log(
  `\n${connections} connections, ${seconds} s per route, one server process (loopback), database: ${database}\n`,
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`,
  );
}
const [bare, product] = results;
if (bare && product) {
  console.log(
    `\nproduct / bare: ${(product.rps / bare.rps).toFixed(2)}× throughput, ${(product.p99 / Math.max(bare.p99, 1)).toFixed(2)}× p99`,
  );
}
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/api.json',
  JSON.stringify({ at: new Date().toISOString(), database, seconds, connections, results }, null, 2),
);
