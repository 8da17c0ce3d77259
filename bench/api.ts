/**
 * API throughput as users feel it under load: the read routes people open most, on a company with
 * 100,000 customers, 200,000 tasks and 5,000 deals, beside the bare route of the same server in the
 * same run. autocannon runs in a process of its own (50 connections) against the real app
 * (buildApp + listen, production settings) in this process, so this process's CPU time is the
 * server's: printed per request beside the wall time a caller waits. On PostgreSQL the database
 * server's CPU time per request is printed too (read from /proc).
 *
 * Goal (issue 19): every product route, as served, at 10% of the bare route or more on PostgreSQL,
 * 2% on PGlite. Each "(no cache)" row is the same route's miss (every request a statement), printed
 * beside it for what a change or a first visit costs: the goal is not judged on it.
 *
 * Run: npm run bench:api                 (PGlite; and PostgreSQL too when DATABASE_URL is set)
 *   BENCH_SECONDS (10 per route), BENCH_CONNECTIONS (50), BENCH_PORT (4392),
 *   BENCH_CUSTOMERS (100000), BENCH_TASKS (200000), BENCH_DEALS (5000),
 *   BENCH_DATABASES (pglite,postgres: which of the two to run), BENCH_ONLY (route names, comma-separated),
 *   (every product route runs twice: as served, kept per company for seconds, and "(no cache)"
 *   from a second app with READ_CACHE_SECONDS=0, every read a statement; ports BENCH_PORT and +1)
 *   BENCH_PROFILE=<folder> to write a CPU profile of the server per measured route there
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';

// Before the app is imported: production skips the development-only response check (route.ts).
process.env.NODE_ENV = 'production';

const { buildApp } = await import('../server/app');
const { migrate } = await import('../server/db/migrate');
const { openDatabase } = await import('../server/db/open');
const { benchConfig } = await import('./support/bench-config');
const { runLoad } = await import('./support/load-process');
const { postgresCpuMs, postgresCpuSince } = await import('./support/postgres-cpu');
const { profiled } = await import('./support/cpu-profile');
const { callerHeaders, probeRoute } = await import('./support/route-probe');
const { createWorkspaceOwner, insertCustomers, insertDeals, insertTasks } = await import(
  './support/workspace-data'
);

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 4392);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const taskCount = Number(process.env.BENCH_TASKS ?? 200_000);
const dealCount = Number(process.env.BENCH_DEALS ?? 5_000);
const databaseUrl = process.env.DATABASE_URL;
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const databases = (['pglite', 'postgres'] as const).filter(
  (kind) => wanted.includes(kind) && (kind === 'pglite' || databaseUrl),
);
const GOAL_PERCENT = { pglite: 2, postgres: 10 } as const;

interface BenchRoute {
  name: string;
  path: string;
  auth: boolean;
  /** Served by a second app that keeps nothing per company (READ_CACHE_SECONDS=0): every read is a statement. */
  uncached?: true;
}

const allRoutes: BenchRoute[] = [
  { name: 'bare', path: '/healthz', auth: false },
  { name: 'customers page', path: '/api/customers?limit=50', auth: true },
  { name: 'customers page (no cache)', path: '/api/customers?limit=50', auth: true, uncached: true },
  { name: 'search "joao"', path: '/api/customers?search=joao&limit=50', auth: true },
  {
    name: 'search "joao" (no cache)',
    path: '/api/customers?search=joao&limit=50',
    auth: true,
    uncached: true,
  },
  { name: 'dense search "silva"', path: '/api/customers?search=silva&limit=50', auth: true },
  {
    name: 'dense search "silva" (no cache)',
    path: '/api/customers?search=silva&limit=50',
    auth: true,
    uncached: true,
  },
  { name: 'tasks today', path: '/api/tasks?filter=today&limit=20', auth: true },
  { name: 'tasks today (no cache)', path: '/api/tasks?filter=today&limit=20', auth: true, uncached: true },
  { name: 'dashboard', path: '/api/dashboard', auth: true },
  { name: 'dashboard (no cache)', path: '/api/dashboard', auth: true, uncached: true },
  { name: 'board', path: '/api/sales/board', auth: true },
  { name: 'board (no cache)', path: '/api/sales/board', auth: true, uncached: true },
];
const only = process.env.BENCH_ONLY?.split(',');
const routes = allRoutes.filter((r) => r.name === 'bare' || !only || only.includes(r.name));

interface RouteResult {
  name: string;
  path: string;
  /** A miss row (READ_CACHE_SECONDS=0). */
  uncached: boolean;
  rps: number;
  percentOfBare: number;
  p50: number;
  p99: number;
  /** Wall time a caller waits, mean, ms. */
  wallMs: number;
  /** This (server) process's CPU time per answered request, ms. */
  cpuMs: number;
  /** PostgreSQL's CPU time per answered request, ms (PostgreSQL only). */
  dbCpuMs: number | null;
  bytes: number;
  failures: number;
  /** What the failures were: connection errors, timeouts (autocannon's 10 s), answers not 2xx. */
  failedAs: string;
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<RouteResult[]> {
  const schema = kind === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const db = await openDatabase({
    url: kind === 'postgres' ? databaseUrl : undefined,
    schema,
    dataDir: 'memory://',
  });
  const results: RouteResult[] = [];
  try {
    const started = performance.now();
    await migrate(db);
    const config = benchConfig(port);
    const owner = await createWorkspaceOwner(db, config);
    await insertCustomers(db, owner.companyId, customerCount);
    await insertTasks(db, owner.companyId, taskCount);
    await insertDeals(db, owner.companyId, dealCount);
    // PostgreSQL's autovacuum vacuums (index-only scans then skip the table) and gathers statistics
    // after a load like this one; PGlite never does.
    if (kind === 'postgres') await db.query('VACUUM ANALYZE');
    console.log(`${kind}: data loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const app = await buildApp({ config, db, logger: false, serveClient: false });
    // The same issuer as the first app's (its tokens are the owner's), listening one port up.
    const uncachedConfig = benchConfig(port, { READ_CACHE_SECONDS: '0' });
    const uncachedApp = await buildApp({ config: uncachedConfig, db, logger: false, serveClient: false });
    try {
      await app.listen({ host: '127.0.0.1', port });
      await uncachedApp.listen({ host: '127.0.0.1', port: port + 1 });
      for (const route of routes) {
        const base = `http://127.0.0.1:${route.uncached ? port + 1 : port}`;
        const headers = callerHeaders(route.auth, owner.accessToken);
        const refused = await probeRoute(base + route.path, headers);
        if (refused) throw new Error(`${route.name} ${refused}`);
        // Warm-up: JIT, the database's caches and the pool's connections are not measured.
        await runLoad({ url: base + route.path, headers, connections, duration: 2 });
        const cpuBefore = process.cpuUsage();
        const dbCpuBefore = kind === 'postgres' ? await postgresCpuMs() : null;
        const profile = process.env.BENCH_PROFILE
          ? `${process.env.BENCH_PROFILE}/${kind}-${route.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`
          : undefined;
        const run = await profiled(profile, () =>
          runLoad({ url: base + route.path, headers, connections, duration: seconds }),
        );
        const cpu = process.cpuUsage(cpuBefore);
        const dbCpu = kind === 'postgres' ? await postgresCpuSince(dbCpuBefore) : null;
        const answered = Math.max(run.requests, 1);
        const bare = results[0]?.rps ?? run.rps;
        results.push({
          name: route.name,
          path: route.path,
          uncached: route.uncached === true,
          rps: run.rps,
          percentOfBare: (100 * run.rps) / bare,
          p50: run.p50,
          p99: run.p99,
          wallMs: run.mean,
          cpuMs: (cpu.user + cpu.system) / 1000 / answered,
          dbCpuMs: dbCpu === null ? null : dbCpu / answered,
          bytes: Math.round(run.bytesPerRequest),
          failures: run.errors + run.timeouts + run.non2xx,
          failedAs: `${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} not 2xx`,
        });
      }
    } finally {
      await uncachedApp.close();
      await app.close();
    }
  } finally {
    if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  }
  return results;
}

const byDatabase: Partial<Record<'pglite' | 'postgres', RouteResult[]>> = {};
for (const kind of databases) byDatabase[kind] = await benchDatabase(kind);

const num = (value: number, digits = 0, width = 7) => value.toFixed(digits).padStart(width);
console.log(
  `\n${customerCount} customers, ${taskCount} tasks, ${dealCount} deals in one company; ${connections} connections, ` +
    `${seconds} s per route, autocannon in its own process; load average ${loadavg()[0]!.toFixed(1)} on ` +
    `${availableParallelism()} CPUs`,
);
for (const kind of databases) {
  console.log(
    `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (goal: ${GOAL_PERCENT[kind]}% of bare or more as served; misses for reference)`,
  );
  console.log(
    `${'route'.padEnd(32)}   req/s  % bare   wall ms  p50  p99 | cpu ms/req${kind === 'postgres' ? '  db cpu ms/req' : ''}   bytes`,
  );
  for (const r of byDatabase[kind] ?? []) {
    const below =
      r.name !== 'bare' && !r.uncached && r.percentOfBare < GOAL_PERCENT[kind] ? '  below the goal' : '';
    const failed = r.failures > 0 ? `  ${r.failures} failed (${r.failedAs})` : '';
    console.log(
      `${r.name.padEnd(32)} ${num(r.rps)} ${num(r.percentOfBare, 1, 6)}%  ${num(r.wallMs, 1, 7)} ${num(r.p50, 0, 4)} ${num(r.p99, 0, 4)} |  ${num(r.cpuMs, 3, 8)}${
        kind === 'postgres' ? `  ${r.dbCpuMs === null ? '           -' : num(r.dbCpuMs, 3, 12)}` : ''
      } ${num(r.bytes, 0, 7)}${below}${failed}`,
    );
  }
}

await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/api.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      customers: customerCount,
      tasks: taskCount,
      deals: dealCount,
      seconds,
      connections,
      loadAverage: loadavg()[0],
      cpus: availableParallelism(),
      results: byDatabase,
    },
    null,
    2,
  ),
);
