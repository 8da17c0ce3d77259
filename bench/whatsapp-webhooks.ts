/**
 * WhatsApp webhook ingestion end to end: BENCH_MESSAGES (5,000) signed webhook messages POSTed to
 * /webhooks/whatsapp by BENCH_CONNECTIONS (50) concurrent callers, one message per POST as Meta
 * sends them, from BENCH_SENDERS (1,000) distinct customers, every BENCH_DUPLICATE_EVERY-th (10)
 * delivered twice (Meta's at-least-once). The server (buildApp) and the webhook processor run in
 * this process as `npm start` runs them; the callers run in a thread of their own (Node's http
 * client with keep-alive, the bodies signed before the clock starts: Meta's side costs us nothing).
 * Measured: messages per second from the first POST until the processor has processed the last
 * payload (verified, stored, customer upserted, deduplicated, processed; realtime published), and
 * the POSTs' own rate; beside the bare route of the same run (a POST of the same bytes to a route
 * that only answers 200).
 *
 * Run: npm run bench:webhooks   BENCH_MESSAGES, BENCH_CONNECTIONS, BENCH_SENDERS, BENCH_DUPLICATE_EVERY,
 *   BENCH_PORT (4395), BENCH_PROCESSOR_CONCURRENCY and BENCH_BATCH_SIZE (as server/main.ts: by
 *   database), DATABASE_URL for a PostgreSQL server (a schema of its own, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { Worker as Thread } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { loadWhatsappSimulatorCredentials } from '../server/integrations/whatsapp/simulator/credentials';
import { openWebhookPayloads } from '../server/modules/whatsapp-webhooks/webhook-payloads';
import {
  startWebhookProcessor,
  webhookProcessorDefaults,
} from '../server/modules/whatsapp-webhooks/webhook-processor';
import { benchConfig } from './support/bench-config';
import { writeBenchResult } from './support/bench-results';
import { createWorkspaceOwner } from './support/workspace-data';

const messageCount = Number(process.env.BENCH_MESSAGES ?? 5000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const senders = Number(process.env.BENCH_SENDERS ?? 1000);
const duplicateEvery = Number(process.env.BENCH_DUPLICATE_EVERY ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4395);
const BARE_PATH = '/bench/bare-webhook';

interface LoadResult {
  posts: number;
  ok: number;
  failed: number;
  ms: number;
}

/** POSTs every delivery from a thread of its own; resolves when the last one is answered. */
function load(workerData: object): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const thread = new Thread(LOADER, { eval: true, workerData });
    thread.once('message', (result: LoadResult) => {
      void thread.terminate();
      resolve(result);
    });
    thread.once('error', reject);
  });
}

// Plain JavaScript: the thread runs it as is. Payloads as Meta writes them (non-ASCII escaped), signed.
const LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const http = require('node:http');
const { url, secret, phoneNumberId, businessPhone, wabaId, count, connections, senders, duplicateEvery, run } = workerData;
const escape = (json) => json.replace(/[\\u007f-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
function delivery(i) {
  const sender = String(5511900000000 + (i % senders));
  const body = escape(JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: businessPhone, phone_number_id: phoneNumberId },
      contacts: [{ profile: { name: 'Cliente ' + (i % senders) + ' Conceição' }, wa_id: sender }],
      messages: [{ from: sender, id: 'wamid.bench.' + run + '.' + i, timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text', text: { body: 'Olá! Pedido nº ' + i + ' — pão de queijo 🧀' } }],
    } }] }],
  }));
  return { body, signature: 'sha256=' + createHmac('sha256', secret).update(body).digest('hex') };
}
const deliveries = [];
for (let i = 0; i < count; i++) {
  const signed = delivery(i);
  deliveries.push(signed);
  if (duplicateEvery > 0 && i % duplicateEvery === 0) deliveries.push(signed);
}
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
function post({ body, signature }) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-hub-signature-256': signature } },
      (response) => { response.resume(); response.on('end', () => resolve(response.statusCode)); });
    request.on('error', reject);
    request.end(body);
  });
}
let next = 0, ok = 0, failed = 0;
async function caller() {
  while (next < deliveries.length) {
    if ((await post(deliveries[next++])) === 200) ok++; else failed++;
  }
}
(async () => {
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, caller));
  parentPort.postMessage({ posts: deliveries.length, ok, failed, ms: performance.now() - started });
})();
`;

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const db = await openDatabase({ url: databaseUrl, schema, dataDir: process.env.DATA_DIR ?? 'memory://' });
const database = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
const defaults = webhookProcessorDefaults(db.kind);
const processorConcurrency = Number(process.env.BENCH_PROCESSOR_CONCURRENCY ?? defaults.concurrency);
const batchSize = Number(process.env.BENCH_BATCH_SIZE ?? defaults.batchSize);
let app: FastifyInstance | undefined;
try {
  await migrate(db);
  // Dev pages on: the webhook checks deliveries with the local Cloud API's app secret, as `npm start`.
  const config = benchConfig(port, { DEV_PAGES: '1' });
  const owner = await createWorkspaceOwner(db, config);
  const phoneNumberId = '109876543210987';
  const businessPhone = '5511955554444';
  const wabaId = '209876543210987';
  await db.query(
    `INSERT INTO whatsapp_connections (company_id, mode, status, waba_id, phone_number_id, display_phone_number)
     VALUES ($1, 'cloud_api', 'connected', $2, $3, $4)`,
    [owner.companyId, wabaId, phoneNumberId, businessPhone],
  );
  const { appSecret: secret } = await loadWhatsappSimulatorCredentials(db);

  app = await buildApp({
    config,
    db,
    logger: false,
    serveClient: false,
    configure: async (instance) => {
      await instance.register(async (scope) => {
        // The baseline: the same bytes through Fastify to a route that does nothing with them.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
          done(null, body),
        );
        scope.post(BARE_PATH, async () => ({ success: true }));
      });
    },
  });
  await app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}`;
  const common = { secret, phoneNumberId, businessPhone, wabaId, connections, senders, duplicateEvery };

  // Warm-up (JIT, connections, the database's caches), then the bare route's baseline.
  await load({ ...common, url: base + BARE_PATH, count: 500, run: 'warm' });
  const bare = await load({ ...common, url: base + BARE_PATH, count: messageCount, run: 'bare' });

  // The webhook: the processor runs as server/main.ts starts it; the clock stops when every payload
  // is processed.
  const processor = startWebhookProcessor({ db, concurrency: processorConcurrency, batchSize });
  const started = performance.now();
  const posted = await load({
    ...common,
    url: `${base}/webhooks/whatsapp`,
    count: messageCount,
    run: 'hook',
  });
  while ((await openWebhookPayloads(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  const endToEndMs = performance.now() - started;
  await processor.stop();

  const counts = (
    await db.query<{ messages: number; customers: number }>(
      `SELECT (SELECT count(*) FROM conversation_messages WHERE company_id = $1)::int AS messages,
              (SELECT count(*) FROM customers WHERE company_id = $1)::int AS customers`,
      [owner.companyId],
    )
  ).rows[0]!;
  if (counts.messages !== messageCount || posted.failed > 0) {
    throw new Error(
      `expected ${messageCount} messages and no failed POST; got ${counts.messages} messages, ${posted.failed} failed`,
    );
  }

  const rate = (n: number, ms: number) => (n / (ms / 1000)).toFixed(0).padStart(7);
  console.log(
    `\n${messageCount} messages (${bare.posts} deliveries: every ${duplicateEvery}th twice) from ${counts.customers} customers, ` +
      `${connections} connections, ${processorConcurrency} batches of up to ${batchSize} at once, database: ${database}; ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(`bare route   POST ${BARE_PATH}   ${rate(bare.posts, bare.ms)} deliveries/s`);
  console.log(
    `webhook      POST /webhooks/whatsapp  ${rate(posted.posts, posted.ms)} deliveries/s (answered 200)`,
  );
  console.log(
    `end to end   verified → stored → processed  ${rate(messageCount, endToEndMs)} messages/s  (${(endToEndMs / 1000).toFixed(1)} s)`,
  );
  await writeBenchResult('whatsapp-webhooks', {
    database,
    messageCount,
    connections,
    senders,
    duplicateEvery,
    processorConcurrency,
    batchSize,
    bareDeliveriesPerSecond: bare.posts / (bare.ms / 1000),
    webhookDeliveriesPerSecond: posted.posts / (posted.ms / 1000),
    endToEndMessagesPerSecond: messageCount / (endToEndMs / 1000),
  });
} finally {
  await app?.close();
  if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}
