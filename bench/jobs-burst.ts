/**
 * A burst of due follow-ups beside people using the app: BENCH_JOBS (1,000) followup.send jobs due
 * at once, run by the real worker with the real handler (as server/main.ts runs them, in the same
 * process as the API, as `npm start` does), while one caller at a time sends unrelated GETs. Prints
 * p50/p99/max of those GETs during the burst beside the same GETs with the worker idle (the baseline
 * of the same run), for the bare `GET /healthz` (no database) and a signed-in `GET /api/settings/user`
 * (one company's query), and how long the burst took to drain, beside the same burst with no
 * request at all (the worker's own pace). The caller runs in a thread of its own, as a browser
 * would: what it waits for is the server's doing, not its own event loop's.
 *
 * Run: npm run bench:jobs   BENCH_JOBS (1000), BENCH_REQUESTS (200 per route for the baseline),
 *   BENCH_PORT (4394), DATABASE_URL for a PostgreSQL server (a schema of its own, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { joiningCommands } from '../server/db/command-transaction';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { createGraphClient } from '../server/integrations/whatsapp/graph-client';
import { startWorker } from '../server/jobs/worker';
import { FOLLOW_UP_SEND_JOB } from '../server/modules/tasks/follow-up-job';
import { createTask } from '../server/modules/tasks/save-task';
import { tokenSeal } from '../server/modules/whatsapp-connections/connection-context';
import { createDispatcher } from '../server/modules/whatsapp-sending/dispatcher';
import { sendFollowUpHandler } from '../server/modules/whatsapp-sending/follow-up-dispatch';
import { benchConfig } from './support/bench-config';
import { type LatencySummary, summarizeLatency } from './support/latency';
import { sample } from './support/sampler-thread';
import { createWorkspaceOwner, insertCustomers } from './support/workspace-data';

const jobCount = Number(process.env.BENCH_JOBS ?? 1000);
const baselineRequests = Number(process.env.BENCH_REQUESTS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 4394);

const routes = [
  { name: 'bare   GET /healthz', path: '/healthz', auth: false },
  { name: 'signed GET /api/settings/user', path: '/api/settings/user', auth: true },
];

/**
 * Runs the follow-up jobs with the worker as server/main.ts starts it, until `count` were handled;
 * calls `drained` then, and answers how long it took (ms).
 */
async function drain(db: Db, count: number, drained: () => void): Promise<number> {
  // The bench's companies have no WhatsApp connection: every follow-up waits for one, no Graph call.
  const handler = sendFollowUpHandler(
    createDispatcher({
      db,
      graph: createGraphClient({ baseUrl: () => 'http://127.0.0.1:9', version: 'v23.0' }),
      tokens: tokenSeal(joiningCommands(db), benchConfig(port)),
    }),
  );
  let handled = 0;
  const started = performance.now();
  let finished!: () => void;
  const allHandled = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const worker = await startWorker({
    db,
    handlers: {
      [FOLLOW_UP_SEND_JOB]: async (job, ctx) => {
        await handler(job, ctx);
        if (++handled === count) finished();
      },
    },
  });
  await allHandled;
  drained();
  await worker.stop();
  return performance.now() - started;
}

/** The messages scheduled and their jobs due again, as before the first burst. */
async function dueAgain(db: Db): Promise<void> {
  await db.query(`UPDATE follow_up_messages SET status = 'scheduled', last_error = NULL`);
  await db.query(
    `UPDATE jobs SET status = 'queued', attempts = 0, run_at = now(), locked_by = NULL, locked_until = NULL,
            finished_at = NULL, last_error = NULL
      WHERE kind = $1`,
    [FOLLOW_UP_SEND_JOB],
  );
}

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const db = await openDatabase({ url: databaseUrl, schema, dataDir: process.env.DATA_DIR ?? 'memory://' });
const rows: { route: string; phase: 'idle' | 'burst'; summary: LatencySummary }[] = [];
let burstMs = 0;
let aloneMs = 0;
try {
  await migrate(db);
  const config = benchConfig(port);
  const owner = await createWorkspaceOwner(db, config);

  // Tasks with a follow-up, created as the API creates them (each queues its followup.send job);
  // then every job is made due at once.
  // One in ten made customers has no phone, and a follow-up needs one.
  await insertCustomers(db, owner.companyId, Math.ceil(jobCount * 1.2));
  const { rows: customers } = await db.query<{ id: string }>(
    'SELECT id FROM customers WHERE company_id = $1 AND phone IS NOT NULL ORDER BY id LIMIT $2',
    [owner.companyId, jobCount],
  );
  const dueAt = new Date(Date.now() + 3_600_000).toISOString();
  await db.transaction(async (tx) => {
    for (const [i, customer] of customers.entries()) {
      await createTask(
        tx,
        { companyId: owner.companyId, userId: owner.userId },
        {
          title: `Retorno ${i + 1}`,
          dueAt,
          customerId: customer.id,
          recurrence: 'none',
          followUpMessage: 'Oi! Passando para saber se posso ajudar.',
        },
      );
    }
  });
  const due = await db.query(`UPDATE jobs SET run_at = now() WHERE kind = $1 AND status = 'queued'`, [
    FOLLOW_UP_SEND_JOB,
  ]);
  console.log(`${due.rowCount} follow-up jobs due at once`);

  const app = await buildApp({ config, db, logger: false, serveClient: false });
  try {
    await app.listen({ host: '127.0.0.1', port });
    const base = `http://127.0.0.1:${port}`;
    const headersOf = (auth: boolean): Record<string, string> =>
      auth ? { authorization: `Bearer ${owner.accessToken}` } : {};

    const targets = routes.map((route) => ({
      name: route.name,
      url: base + route.path,
      headers: headersOf(route.auth),
    }));

    // Baseline: the worker is not running.
    const idle = sample(targets, { requests: baselineRequests });
    for (const [route, samples] of await idle.samples) {
      rows.push({ route, phase: 'idle', summary: summarizeLatency(samples, false) });
    }

    // The burst beside the same GETs, in turns, until every job ran.
    const during = sample(targets);
    await during.ready;
    burstMs = await drain(db, due.rowCount, () => during.stop());
    for (const [route, samples] of await during.samples) {
      rows.push({ route, phase: 'burst', summary: summarizeLatency(samples, false) });
    }

    // The same burst again with no request at all: the worker's own pace.
    await dueAgain(db);
    aloneMs = await drain(db, due.rowCount, () => {});
  } finally {
    await app.close();
  }
} finally {
  if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const load = loadavg()[0]!.toFixed(1);
const pace = (ms: number) => `${(ms / 1000).toFixed(1)} s (${Math.round(jobCount / (ms / 1000))} jobs/s)`;
console.log(
  `\n${jobCount} due followup.send jobs, database: ${db.kind}; drained in ${pace(burstMs)} beside the ` +
    `requests, ${pace(aloneMs)} alone; one caller at a time, from its own thread, over loopback; ` +
    `load average ${load} on ${availableParallelism()} CPUs\n`,
);
console.log(`${'route'.padEnd(32)} phase      n    p50 ms   p99 ms   max ms`);
for (const { route, phase, summary } of rows) {
  const failed = summary.failures > 0 ? `  ${summary.failures} failures` : '';
  console.log(
    `${route.padEnd(32)} ${phase.padEnd(6)} ${String(summary.requests).padStart(5)}  ${ms(summary.p50)}  ${ms(summary.p99)}  ${ms(summary.max)}${failed}`,
  );
}

const round = (value: number) => Number(value.toFixed(2));
await mkdir('bench/results', { recursive: true });
await writeFile(
  `bench/results/jobs-burst${db.kind === 'postgres' ? '-postgres' : ''}.json`,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      database: db.kind,
      jobs: jobCount,
      drainMs: { besideRequests: Math.round(burstMs), alone: Math.round(aloneMs) },
      loadAverage: Number(load),
      cpus: availableParallelism(),
      results: rows.map(({ route, phase, summary }) => ({
        route,
        phase,
        requests: summary.requests,
        p50: round(summary.p50),
        p99: round(summary.p99),
        max: round(summary.max),
        failures: summary.failures,
      })),
    },
    null,
    2,
  ),
);
