/**
 * The sales workspace at scale: one company with 100,000 customers and 200,000 tasks, the real app
 * over HTTP (buildApp + listen, production settings), and the p50/p95/p99 latency of customer search,
 * the customer list and the four task lists, printed beside the bare routes of the same server (an
 * authenticated trivial route and /api/health). Budget: p99 under 50 ms on PGlite.
 *
 * Latency as a person waits for it: by default one caller at a time (PGlite runs one query at a
 * time, so N callers at once wait roughly N times as long, whatever the query).
 *
 * Run: npm run bench:workspace
 *   BENCH_REQUESTS (200 per route), BENCH_CONNECTIONS (1), BENCH_PORT (4393),
 *   BENCH_CUSTOMERS (100000), BENCH_TASKS (200000), BENCH_ANALYZE=1 to ANALYZE after loading
 *   (PostgreSQL's autovacuum would; PGlite never does), DATABASE_URL for a PostgreSQL server
 *   (a schema of its own, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { benchConfig } from './support/bench-config';
import { type LatencySummary, measureGet } from './support/latency';
import { callerHeaders, probeRoute } from './support/route-probe';
import { createWorkspaceOwner, insertCustomers, insertTasks } from './support/workspace-data';

const BUDGET_P99_MS = 50;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const port = Number(process.env.BENCH_PORT ?? 4393);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const taskCount = Number(process.env.BENCH_TASKS ?? 200_000);
const analyze = process.env.BENCH_ANALYZE === '1';

interface BenchRoute {
  name: string;
  path: string;
  /** Held to the budget (the bare routes are the baseline, not a target). */
  budget: boolean;
  auth: boolean;
}

const routes: BenchRoute[] = [
  { name: 'bare      GET /api/health', path: '/api/health', budget: false, auth: false },
  { name: 'bare+auth GET /api/settings/user', path: '/api/settings/user', budget: false, auth: true },
  { name: 'customers first page (50)', path: '/api/customers', budget: true, auth: true },
  { name: 'customers search "joao"', path: '/api/customers?search=joao', budget: true, auth: true },
  { name: 'customers search "Conceicao"', path: '/api/customers?search=Conceicao', budget: true, auth: true },
  { name: 'customers search "98765" (phone)', path: '/api/customers?search=98765', budget: true, auth: true },
  {
    name: 'customers search "(11) 9123"',
    path: `/api/customers?search=${encodeURIComponent('(11) 9123')}`,
    budget: true,
    auth: true,
  },
  { name: 'customers search "silva" (dense)', path: '/api/customers?search=silva', budget: true, auth: true },
  { name: 'customers search "jo" (2 chars)', path: '/api/customers?search=jo', budget: true, auth: true },
  { name: 'customers search "an" (2, dense)', path: '/api/customers?search=an', budget: true, auth: true },
  ...(['today', 'overdue', 'future', 'completed'] as const).map((filter) => ({
    name: `tasks ?filter=${filter}`,
    path: `/api/tasks?filter=${filter}`,
    budget: true,
    auth: true,
  })),
];

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const db = await openDatabase({ url: databaseUrl, schema, dataDir: process.env.DATA_DIR ?? 'memory://' });
const results: (BenchRoute & LatencySummary)[] = [];
const setup: Record<string, number> = {};
try {
  const step = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    setup[label] = Math.round(performance.now() - started);
    console.log(`${label.padEnd(28)} ${(setup[label]! / 1000).toFixed(1)} s`);
  };
  await step('migrations', () => migrate(db));
  const config = benchConfig(port);
  const owner = await createWorkspaceOwner(db, config);
  await step(`${customerCount} customers`, () => insertCustomers(db, owner.companyId, customerCount));
  await step(`${taskCount} tasks`, () => insertTasks(db, owner.companyId, taskCount));
  if (analyze) await step('ANALYZE', () => db.query('ANALYZE'));

  const app = await buildApp({ config, db, logger: false, serveClient: false });
  try {
    await app.listen({ host: '127.0.0.1', port });
    const base = `http://127.0.0.1:${port}`;
    for (const route of routes) {
      const headers = callerHeaders(route.auth, owner.accessToken);
      const refused = await probeRoute(base + route.path, headers);
      if (refused) {
        console.log(`${route.name}: ${refused}, skipped`);
        continue;
      }
      results.push({
        ...route,
        ...(await measureGet(base + route.path, headers, { requests, warmup: 10, connections })),
      });
    }
  } finally {
    await app.close();
  }
} finally {
  if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}

const ms = (value: number | null) => (value === null ? '     -' : value.toFixed(1).padStart(6));
// A busy machine stretches wall times (not CPU times): say how busy it was.
const load = loadavg()[0]!.toFixed(1);
console.log(
  `\n${customerCount} customers, ${taskCount} tasks in one company; database: ${db.kind}${analyze ? ' (analyzed)' : ''}; ` +
    `${requests} requests per route, ${connections} at a time, in-process over loopback; ` +
    `load average ${load} on ${availableParallelism()} CPUs\n`,
);
console.log(`${'route'.padEnd(36)}   p50 ms   p95 ms   p99 ms   max ms | cpu p50   cpu p99`);
for (const r of results) {
  const over = r.budget && r.p99 > BUDGET_P99_MS ? `  over the ${BUDGET_P99_MS} ms budget` : '';
  const failed = r.failures > 0 ? `  ${r.failures} failures` : '';
  console.log(
    `${r.name.padEnd(36)} ${ms(r.p50)}   ${ms(r.p95)}   ${ms(r.p99)}   ${ms(r.max)} |  ${ms(r.cpuP50)}    ${ms(r.cpuP99)}${over}${failed}`,
  );
}
const measured = new Set(results.map((r) => r.path));
const missing = routes.filter((r) => !measured.has(r.path));
if (missing.length > 0) console.log(`\nnot measured: ${missing.map((r) => r.name.trim()).join(', ')}`);

const round = (value: number) => Number(value.toFixed(2));
await mkdir('bench/results', { recursive: true });
await writeFile(
  // PGlite's results (the budget's) and PostgreSQL's side by side.
  `bench/results/workspace${db.kind === 'postgres' ? '-postgres' : ''}.json`,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      database: db.kind,
      analyzed: analyze,
      customers: customerCount,
      tasks: taskCount,
      requests,
      connections,
      setupMs: setup,
      loadAverage: Number(load),
      cpus: availableParallelism(),
      results: results.map(({ name, path, p50, p95, p99, max, cpuP50, cpuP99, failures }) => ({
        name,
        path,
        p50: round(p50),
        p95: round(p95),
        p99: round(p99),
        max: round(max),
        cpuP50: cpuP50 === null ? null : round(cpuP50),
        cpuP99: cpuP99 === null ? null : round(cpuP99),
        failures,
      })),
    },
    null,
    2,
  ),
);
if (results.some((r) => r.budget && r.p99 > BUDGET_P99_MS)) process.exitCode = 1;
