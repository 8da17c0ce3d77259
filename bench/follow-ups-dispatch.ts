/**
 * The WhatsApp dispatcher sending BENCH_FOLLOW_UPS (10,000) due follow-ups through one number of the
 * local Cloud API. One company connects a number as an owner does (the simulator's Embedded Signup
 * page, then the real connect route); BENCH_FOLLOW_UPS customers who wrote in within the hour (the
 * 24-hour window open, on the app's side and the simulator's) each get a task with one follow-up
 * due now, written in bulk SQL as the app stores them, with their sends queued by
 * enqueueFollowUpSend in the same transaction. Then the server runs as `npm start` runs it (the API
 * with the simulator, the job worker with server/job-handlers.ts, the webhook processor), and the
 * clock runs until every follow-up is final (sent, failed, expired or cancelled), or nothing is left
 * to run, or BENCH_TIME_LIMIT_S passes. Printed: messages/s reached, and from the simulator's
 * send-stats the sends refused with 130429 (must be 0), the recipients who got a message twice
 * (must be 0) and the busiest second against the number's limit (80/s); beside the bare route of the
 * same run (the same Graph sends POSTed to a route that only answers Meta's success).
 *
 * Run: npm run bench:follow-ups   BENCH_FOLLOW_UPS (10000), BENCH_TIME_LIMIT_S (600),
 *   BENCH_CONNECTIONS (8, the bare route's concurrent callers), BENCH_PORT (4396), DATABASE_URL for
 *   a PostgreSQL server (a schema of its own, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { defaultJobConcurrency } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { createMailer } from '../server/integrations/mail/create-mailer';
import { createSmsSender } from '../server/integrations/sms/create-sms-sender';
import { DEFAULT_LIMITS } from '../server/integrations/whatsapp/simulator/business-send';
import { jobHandlers } from '../server/job-handlers';
import { startWorker, type Worker } from '../server/jobs/worker';
import { enqueueFollowUpSend, FOLLOW_UP_SEND_JOB } from '../server/modules/tasks/follow-up-job';
import { serverDispatcher } from '../server/modules/whatsapp-sending/server-dispatcher';
import { openWebhookPayloads } from '../server/modules/whatsapp-webhooks/webhook-payloads';
import {
  startWebhookProcessor,
  type WebhookProcessor,
} from '../server/modules/whatsapp-webhooks/webhook-processor';
import { completeSignup, connectBody } from '../tests/support/whatsapp-signup';
import { benchConfig } from './support/bench-config';
import { writeBenchResult } from './support/bench-results';
import { createWorkspaceOwner } from './support/workspace-data';

const followUpCount = Number(process.env.BENCH_FOLLOW_UPS ?? 10_000);
const timeLimitMs = Number(process.env.BENCH_TIME_LIMIT_S ?? 600) * 1000;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const port = Number(process.env.BENCH_PORT ?? 4396);
const BARE_PATH = '/bench/bare-messages';
const FINAL = ['sent', 'failed', 'expired', 'cancelled'];

interface SendStats {
  accepted: number;
  refused: Record<string, number>;
  maxPerSecond: number;
  recipientsWithDuplicates: number;
}

/** The owner connects a number: the simulator's signup page, then POST /api/whatsapp-connections. */
async function connectNumber(base: string, accessToken: string): Promise<string> {
  const signup = await completeSignup(base, { businessName: 'Empresa do Bench', phone: '5511955554444' });
  const response = await fetch(`${base}/api/whatsapp-connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(connectBody(signup)),
  });
  if (!response.ok) throw new Error(`connect answered ${response.status}: ${await response.text()}`);
  const phoneNumberId = signup.data.phone_number_id;
  if (!phoneNumberId) throw new Error('the signup page reported no phone number id');
  return phoneNumberId;
}

/**
 * `count` customers who wrote to the number an hour ago, each with a pending task whose follow-up
 * is due now, and its send queued: one transaction, as the app would have left them. The simulator
 * gets the same inbound messages, so its window is open too.
 */
async function insertDueFollowUps(db: Db, companyId: string, phoneNumberId: string, count: number) {
  await db.transaction(async (tx) => {
    const connectionId = (
      await tx.query<{ id: string }>(
        `SELECT id FROM whatsapp_connections WHERE company_id = $1 AND phone_number_id = $2`,
        [companyId, phoneNumberId],
      )
    ).rows[0]?.id;
    if (!connectionId) throw new Error('the connection was not stored');
    await tx.query(
      `WITH people AS (
         SELECT g, '55119' || lpad(g::text, 8, '0') AS phone, gen_random_uuid() AS customer_id,
                gen_random_uuid() AS task_id, gen_random_uuid() AS follow_up_id,
                'wamid.bench.in.' || g AS wamid
           FROM generate_series(1, $3::int) g
       ), customers_in AS (
         INSERT INTO customers (id, company_id, name, phone, whatsapp_user_id, source, last_inbound_at)
         SELECT customer_id, $1, 'Cliente ' || g, phone, phone, 'whatsapp', now() - interval '1 hour' FROM people
         RETURNING id
       ), inbound AS (
         INSERT INTO conversation_messages
           (company_id, customer_id, connection_id, wamid, direction, origin, type, body, sent_at)
         SELECT $1, p.customer_id, $2, p.wamid, 'inbound', 'webhook', 'text', 'Oi! Meu pedido já está pronto?',
                now() - interval '1 hour'
           FROM people p JOIN customers_in c ON c.id = p.customer_id
         RETURNING id
       ), simulated AS (
         INSERT INTO dev_whatsapp_messages (wamid, phone_number_id, customer, direction, type, content, created_at)
         SELECT wamid, $4, phone, 'to_business', 'text',
                jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'Oi! Meu pedido já está pronto?')),
                now() - interval '1 hour'
           FROM people
         RETURNING wamid
       ), tasks_in AS (
         INSERT INTO tasks (id, company_id, title, customer_id, due_at, reference_entity_name, reference_entity_id)
         SELECT p.task_id, $1, 'Avisar que o pedido ' || p.g || ' está pronto', p.customer_id, now(),
                'follow_up_message', p.follow_up_id
           FROM people p JOIN customers_in c ON c.id = p.customer_id
         RETURNING id
       )
       INSERT INTO follow_up_messages (id, company_id, task_id, customer_id, body, scheduled_for)
       SELECT p.follow_up_id, $1, p.task_id, p.customer_id,
              'Olá! Seu pedido nº ' || p.g || ' está pronto. Podemos entregar hoje à tarde?',
              now() - interval '1 minute'
         FROM people p JOIN tasks_in t ON t.id = p.task_id`,
      [companyId, connectionId, count, phoneNumberId],
    );
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM follow_up_messages WHERE company_id = $1 ORDER BY scheduled_for, id`,
      [companyId],
    );
    for (const { id } of rows) await enqueueFollowUpSend(tx, companyId, id);
  });
}

/** The follow-ups by status, and the followup.send jobs still to run. */
async function progress(db: Db, companyId: string) {
  const { rows } = await db.query<{ status: string; count: number }>(
    `SELECT status, count(*)::int AS count FROM follow_up_messages WHERE company_id = $1 GROUP BY status`,
    [companyId],
  );
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.count]));
  const pendingJobs = (
    await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
      [FOLLOW_UP_SEND_JOB],
    )
  ).rows[0]!.count;
  const final = FINAL.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return { byStatus, pendingJobs, final };
}

/** POSTs `count` Graph sends to the bare route, `connections` at a time; answers how long it took. */
async function bareRoute(base: string, count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    while (next < count) {
      const i = next++;
      const send = () =>
        fetch(`${base}${BARE_PATH}`, {
          method: 'POST',
          headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: `55119${String(i + 1).padStart(8, '0')}`,
            type: 'text',
            text: { body: `Olá! Seu pedido nº ${i + 1} está pronto. Podemos entregar hoje à tarde?` },
          }),
        });
      // A kept-alive socket the server closed meanwhile resets: the bare route is safe to call again.
      const response = await send().catch(send);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return performance.now() - started;
}

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const db = await openDatabase({ url: databaseUrl, schema, dataDir: process.env.DATA_DIR ?? 'memory://' });
const database = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
let app: FastifyInstance | undefined;
let worker: Worker | undefined;
let processor: WebhookProcessor | undefined;
try {
  await migrate(db);
  // Dev pages on: the local Cloud API is embedded, as `npm start` runs it without Meta's settings.
  const config = benchConfig(port, { DEV_PAGES: '1' });
  const owner = await createWorkspaceOwner(db, config);
  app = await buildApp({
    config,
    db,
    logger: false,
    serveClient: false,
    configure: async (instance) => {
      // The baseline: a Graph send through Fastify to a route that answers Meta's success and no more.
      instance.post(BARE_PATH, async () => ({
        messaging_product: 'whatsapp',
        contacts: [{ input: '5511900000001', wa_id: '5511900000001' }],
        messages: [{ id: `wamid.bare.${randomBytes(8).toString('hex')}` }],
      }));
    },
  });
  await app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}`;

  const phoneNumberId = await connectNumber(base, owner.accessToken);
  const seedStarted = performance.now();
  await insertDueFollowUps(db, owner.companyId, phoneNumberId, followUpCount);
  const seedMs = performance.now() - seedStarted;
  console.log(`${followUpCount} due follow-ups written and queued in ${(seedMs / 1000).toFixed(1)} s`);

  await bareRoute(base, Math.min(500, followUpCount));
  const bareMs = await bareRoute(base, followUpCount);

  // The server's background work, as server/main.ts starts it.
  const mailer = createMailer(config, db);
  const sms = createSmsSender(config, db);
  processor = startWebhookProcessor({ db });
  const started = performance.now();
  worker = await startWorker({
    db,
    handlers: jobHandlers(config, mailer, sms, serverDispatcher(config, db, app.server), null),
    // The instance's default for the database measured (the bench's own config runs on memory://).
    concurrency: Number(process.env.JOB_CONCURRENCY ?? defaultJobConcurrency(databaseUrl)),
  });
  let last = await progress(db, owner.companyId);
  let lastChangeAt = started;
  let reportAt = started + 10_000;
  let ending = 'every follow-up is final';
  for (;;) {
    if (last.final >= followUpCount) break;
    if (last.pendingJobs === 0 && (await openWebhookPayloads(db)) === 0) {
      ending = 'nothing is left to run';
      break;
    }
    if (performance.now() - started > timeLimitMs) {
      ending = `the time limit (${timeLimitMs / 1000} s) passed`;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await progress(db, owner.companyId);
    if (now.final !== last.final) lastChangeAt = performance.now();
    if (performance.now() >= reportAt) {
      reportAt += 10_000;
      console.log(
        `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(now.byStatus)}`,
      );
    }
    last = now;
  }
  const dispatchMs = lastChangeAt - started;
  await worker.stop();
  worker = undefined;
  // Statuses Meta sent (delivered) still in flight: the processor finishes them, at most 30 s.
  const drainUntil = performance.now() + 30_000;
  while ((await openWebhookPayloads(db)) > 0 && performance.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 100));

  const statsResponse = await fetch(`${base}/dev/whatsapp/api/send-stats?phoneNumberId=${phoneNumberId}`);
  const stats = ((await statsResponse.json()) as { data: SendStats }).data;
  const delivered = (
    await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM conversation_messages
        WHERE company_id = $1 AND direction = 'outbound' AND status IN ('delivered', 'read')`,
      [owner.companyId],
    )
  ).rows[0]!.count;

  const limit = DEFAULT_LIMITS.perSecond;
  const reached = stats.accepted > 0 ? stats.accepted / (dispatchMs / 1000) : 0;
  const refused429 = stats.refused['130429'] ?? 0;
  const rate = (n: number, ms: number) => (n / (ms / 1000)).toFixed(0).padStart(7);
  console.log(
    `\n${followUpCount} due follow-ups (window open) for one number, database: ${database}; ` +
      `written and queued in ${(seedMs / 1000).toFixed(1)} s; ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(
    `bare route   POST ${BARE_PATH}  ${rate(followUpCount, bareMs)} sends/s (${connections} callers)`,
  );
  console.log(`number limit (Meta, Cloud API)        ${String(limit).padStart(7)} messages/s`);
  console.log(
    `dispatcher   sent by the worker        ${reached.toFixed(1).padStart(7)} messages/s  ` +
      `(${stats.accepted} accepted in ${(dispatchMs / 1000).toFixed(1)} s, busiest second ${stats.maxPerSecond}/${limit})`,
  );
  console.log(`follow-ups   ${JSON.stringify(last.byStatus)}; delivered by webhook: ${delivered}`);
  console.log(
    `refused      ${JSON.stringify(stats.refused)}; 130429: ${refused429} (must be 0); ` +
      `recipients with a duplicate: ${stats.recipientsWithDuplicates} (must be 0)`,
  );
  console.log(`stopped when ${ending}`);

  const problems = [
    ...(stats.accepted === 0
      ? ['nothing was sent: the server has no WhatsApp dispatcher for follow-ups yet (or it sent nothing)']
      : []),
    ...(last.final < followUpCount ? [`${followUpCount - last.final} follow-ups are not final`] : []),
    ...(refused429 > 0 ? [`${refused429} sends refused with 130429`] : []),
    ...(stats.recipientsWithDuplicates > 0
      ? [`${stats.recipientsWithDuplicates} recipients got the same message twice`]
      : []),
    ...(stats.maxPerSecond > limit ? [`${stats.maxPerSecond} sends in one second (limit ${limit})`] : []),
  ];
  if (problems.length > 0) {
    console.log(`\nNOT MET:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exitCode = 1;
  }

  await writeBenchResult('follow-ups-dispatch', {
    database,
    followUps: followUpCount,
    ending,
    bareSendsPerSecond: followUpCount / (bareMs / 1000),
    limitPerSecond: limit,
    messagesPerSecond: reached,
    dispatchSeconds: dispatchMs / 1000,
    followUpsByStatus: last.byStatus,
    delivered,
    sendStats: stats,
    problems,
  });
} finally {
  await worker?.stop();
  await processor?.stop();
  await app?.close();
  if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}
