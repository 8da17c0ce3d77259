import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Db } from './db/types';
import { describeSeed, seedDemo } from './demo/seed-demo';
import { createLlm } from './integrations/llm/create-llm';
import { createMailer } from './integrations/mail/create-mailer';
import { createSmsSender } from './integrations/sms/create-sms-sender';
import { jobHandlers } from './job-handlers';
import { type RecurringJob, type Schedule, startSchedule } from './jobs/schedule';
import { startWorker, type Worker } from './jobs/worker';
import { PRUNE_JOB } from './modules/maintenance/prune';
import { serverDispatcher } from './modules/whatsapp-sending/server-dispatcher';
import { startWebhookProcessor, type WebhookProcessor } from './modules/whatsapp-webhooks/webhook-processor';

/** How long shutdown waits for requests in flight before cutting their connections. */
const DRAIN_TIMEOUT_MS = 10_000;
/** A signal this soon after the first is the same Ctrl-C relayed by a supervisor, not a second one. */
const REPEAT_SIGNAL_MS = 1_000;

/** Work that comes back on its own; one job per period across all instances. */
const recurringJobs: RecurringJob[] = [{ kind: PRUNE_JOB, everyMs: 60 * 60 * 1000 }];

// `--dev`: Vite serves the client (npm run dev), this process only the API.
const dev = process.argv.includes('--dev');

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance;
  try {
    await migrate(db);
    if (config.seedDemo) console.log(describeSeed(await seedDemo(db)));
    app = await buildApp({
      config,
      db,
      serveClient: !dev,
    });
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }

  const mailer = createMailer(config, db);
  app.log.info(`E-mail: ${mailer.description}`);
  if (mailer.kind === 'dev-outbox' && config.isProduction) {
    app.log.warn('SMTP_URL não definido: os e-mails ficam na caixa de saída local e não chegam a ninguém.');
  }
  const sms = createSmsSender(config, db);
  app.log.info(`SMS: ${sms.description}`);
  if (sms.kind === 'dev-outbox' && config.isProduction) {
    app.log.warn(
      'SMS_PROVIDER não definido: os códigos por SMS ficam na caixa de saída local e não chegam a ninguém.',
    );
  }
  const whatsapp = serverDispatcher(config, db, app.server);
  // Null without an LLM configured: the jobs that use it answer offline.
  const llm = createLlm(config, db);
  const worker: Worker | undefined = config.jobsEnabled
    ? await startWorker({
        db,
        handlers: jobHandlers(config, mailer, sms, whatsapp, llm),
        concurrency: config.jobConcurrency,
        logger: app.log,
      })
    : undefined;
  const webhookProcessor: WebhookProcessor | undefined = config.jobsEnabled
    ? startWebhookProcessor({ db, logger: app.log })
    : undefined;
  const schedule: Schedule | undefined = config.jobsEnabled
    ? startSchedule(db, recurringJobs, { logger: app.log })
    : undefined;

  handleShutdown(app, db, [worker, webhookProcessor], schedule);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      app.log.fatal(`A porta ${config.port} já está em uso. Feche o outro processo ou defina PORT.`);
    } else {
      app.log.fatal({ err }, 'could not listen');
    }
    await schedule?.stop();
    await worker?.stop();
    await webhookProcessor?.stop();
    await app.close();
    await db.close();
    process.exit(1);
  }

  const port = (app.server.address() as { port: number }).port;
  const database = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  app.log.info(`Fechaí ouvindo em ${urls(config.host, port).join(', ')} — banco: ${database}`);
  if (dev) {
    app.log.info(
      `Modo --dev: o cliente é servido pelo Vite em http://localhost:${process.env.VITE_PORT ?? 5173}`,
    );
  }
}

/** Where people can open the app: every local IPv4 address when listening on all of them. */
function urls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::')
    return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a!.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (at most 10 s), close the
 * realtime sockets, stop the schedule and the workers, close the database, exit 0. A second signal exits at once.
 */
function handleShutdown(
  app: FastifyInstance,
  db: Db,
  workers: ({ stop(): Promise<void> } | undefined)[],
  schedule: Schedule | undefined,
) {
  let firstSignalAt = 0;

  const shutdown = async (signal: NodeJS.Signals) => {
    if (firstSignalAt) {
      if (Date.now() - firstSignalAt < REPEAT_SIGNAL_MS) return;
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    app.log.info(`${signal}: shutting down`);

    const drainCap = setTimeout(() => {
      app.log.warn(`requests still running after ${DRAIN_TIMEOUT_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    drainCap.unref();
    try {
      await schedule?.stop();
      await Promise.all([app.close(), ...workers.map((worker) => worker?.stop())]);
      clearTimeout(drainCap);
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };

  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err) => {
  console.error('Falha ao iniciar o servidor:', err);
  process.exit(1);
});
