import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../server/config';
import { joiningCommands } from '../../server/db/command-transaction';
import type { Db } from '../../server/db/types';
import { sendFailure } from '../../server/http/error-handler';
import { createGraphClient, type GraphClient } from '../../server/integrations/whatsapp/graph-client';
import type { SendLimits } from '../../server/integrations/whatsapp/simulator/business-send';
import { loadWhatsappSimulatorCredentials } from '../../server/integrations/whatsapp/simulator/credentials';
import { whatsappSimulatorRoutes } from '../../server/integrations/whatsapp/simulator/routes';
import { startWorker, type Worker } from '../../server/jobs/worker';
import { enqueueFollowUpSend, FOLLOW_UP_SEND_JOB } from '../../server/modules/tasks/follow-up-job';
import { type TokenSeal, tokenSeal } from '../../server/modules/whatsapp-connections/connection-context';
import { createDispatcher, type Dispatcher } from '../../server/modules/whatsapp-sending/dispatcher';
import { sendFollowUpHandler } from '../../server/modules/whatsapp-sending/follow-up-dispatch';
import type { SendPacing } from '../../server/modules/whatsapp-sending/send-pacing';
import { waitFor } from './db';
import { startTestServer, type TestServer } from './server';
import { addCustomer } from './task-fixtures';
import { control, type Json } from './whatsapp-simulator';
import { webhookProcessor } from './whatsapp-webhooks';

/**
 * The local Cloud API on a port of its own with the limits a test chooses, signing its webhooks with
 * the app's own simulator secret and sending them to the test server, so statuses reach the app as
 * they would from Meta.
 */
export async function startSendingSimulator(
  db: Db,
  appUrl: string,
  limits: Partial<SendLimits> = {},
): Promise<{ url: string; graphUrl: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.setErrorHandler((error: FastifyError, request, reply) => sendFailure(error, request, reply));
  await app.register(whatsappSimulatorRoutes, {
    db,
    credentials: () => loadWhatsappSimulatorCredentials(db),
    webhookUrl: () => `${appUrl}/webhooks/whatsapp`,
    limits,
    retry: { baseMs: 20, capMs: 100 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, graphUrl: `${url}/dev/whatsapp/graph`, close: () => app.close() };
}

type SendingSimulator = Awaited<ReturnType<typeof startSendingSimulator>>;

/**
 * The usual set-up of a sending test file: the test server, the local Cloud API beside it with
 * `limits` and the webhook processor, started in beforeAll and closed in afterAll; workers handed to
 * `track` are stopped after each test. Its fields are usable in tests, not at import time.
 */
export function withSendingSimulator(limits: Partial<SendLimits>) {
  let started: { server: TestServer; sim: SendingSimulator; stop(): Promise<void> } | undefined;
  const workers: Worker[] = [];
  beforeAll(async () => {
    const server = await startTestServer();
    const sim = await startSendingSimulator(server.db, server.url, limits);
    const processor = webhookProcessor(server.db);
    started = {
      server,
      sim,
      stop: async () => {
        await processor.stop();
        await sim.close();
        await server.close();
      },
    };
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(() => started?.stop());
  const current = () => {
    if (!started) throw new Error('withSendingSimulator: it starts in beforeAll; use it inside tests');
    return started;
  };
  return {
    get server(): TestServer {
      return current().server;
    },
    get sim(): SendingSimulator {
      return current().sim;
    },
    track(worker: Worker): Worker {
      workers.push(worker);
      return worker;
    },
  };
}

/** The token seal the test server uses (same database, same configuration). */
export function testTokenSeal(db: Db): TokenSeal {
  return tokenSeal(
    joiningCommands(db),
    loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', JOBS_ENABLED: '0' }),
  );
}

export interface SimNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  token: string;
}

/** A number of the simulator at `simUrl`, connected for `companyId` with its real (sealed) token. */
export async function connectSimNumber(
  db: Db,
  simUrl: string,
  companyId: string,
  options: { template?: boolean; coexistence?: boolean } = {},
): Promise<SimNumber & { connectionId: string }> {
  const number = await control<SimNumber>(simUrl, 'numbers', {
    subscribed: true,
    ...(options.coexistence && { coexistence: true }),
  });
  const sealed = await testTokenSeal(db).seal(number.token, companyId);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO whatsapp_connections
       (company_id, mode, status, waba_id, phone_number_id, display_phone_number, access_token_encrypted,
        follow_up_template_name, follow_up_template_language, connected_at)
     VALUES ($1, $2, 'connected', $3, $4, $5, $6, $7, $8, now()) RETURNING id`,
    [
      companyId,
      options.coexistence ? 'coexistence' : 'cloud_api',
      number.wabaId,
      number.phoneNumberId,
      number.displayPhoneNumber.replace(/[^0-9]/g, ''),
      sealed,
      options.template === false ? null : 'lembrete_retorno',
      options.template === false ? null : 'pt_BR',
    ],
  );
  return { ...number, connectionId: rows[0]!.id };
}

/** A dispatcher on the simulator's Graph API (or `graph`), with the pacing a test chooses. */
export function testDispatcher(
  db: Db,
  graphUrl: string,
  pacing: Partial<SendPacing> = {},
  graph?: GraphClient,
): Dispatcher {
  return createDispatcher({
    db,
    graph: graph ?? createGraphClient({ baseUrl: () => graphUrl, version: 'v23.0', timeoutMs: 5_000 }),
    tokens: testTokenSeal(db),
    pacing,
  });
}

/** The job worker running followup.send through `dispatcher`, as server/main.ts runs it. */
export function followUpWorker(
  db: Db,
  dispatcher: Dispatcher,
  { expiryHours, ...options }: { timeoutMs?: number; concurrency?: number; expiryHours?: number } = {},
): Promise<Worker> {
  return startWorker({
    db,
    handlers: { [FOLLOW_UP_SEND_JOB]: sendFollowUpHandler(dispatcher, { expiryHours }) },
    pollMs: 20,
    backoff: { baseMs: 1, capMs: 5 },
    ...options,
  });
}

/** A follow-up of no task to `customerId`, due now, its send queued. */
export async function dueFollowUp(
  db: Db,
  companyId: string,
  customerId: string,
  body: string,
  /** Who wrote it (follow_up_messages.created_by_user_id); nobody when omitted. */
  writerUserId: string | null = null,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO follow_up_messages (company_id, customer_id, body, scheduled_for, created_by_user_id)
       VALUES ($1, $2, $3, now(), $4) RETURNING id`,
      [companyId, customerId, body, writerUserId],
    );
    await enqueueFollowUpSend(tx, companyId, rows[0]!.id);
    return rows[0]!.id;
  });
}

export interface FollowUpState {
  status: string;
  problem_code: string | null;
  last_error: string | null;
  sent_as: string | null;
  conversation_message_id: string | null;
  sent_at: string | null;
}

export async function followUpState(db: Db, id: string): Promise<FollowUpState> {
  const { rows } = await db.query<FollowUpState & Record<string, unknown>>(
    `SELECT status, problem_code, last_error, sent_as, conversation_message_id, sent_at
       FROM follow_up_messages WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/** Waits until the follow-up is in `statuses`, and answers its state. */
export function followUpSettles(db: Db, id: string, statuses: string[]): Promise<FollowUpState> {
  return waitFor(
    async () => {
      const state = await followUpState(db, id);
      return statuses.includes(state.status) ? state : null;
    },
    { what: `follow-up ${id} to be ${statuses.join(' or ')}` },
  );
}

/** What the business sent this customer on the simulator (what reached "WhatsApp"). */
export async function simSent(simUrl: string, phoneNumberId: string, customer: string): Promise<Json[]> {
  const response = await fetch(
    `${simUrl}/dev/whatsapp/api/conversation?phoneNumberId=${phoneNumberId}&customer=${customer}`,
  );
  const json = (await response.json()) as { data: { messages: Json[] } };
  return json.data.messages.filter((message) => message.direction === 'to_customer');
}

/** The customer writes (opens the 24-hour window on the simulator's side and, by webhook, on ours). */
export async function customerWrites(simUrl: string, phoneNumberId: string, from: string): Promise<void> {
  await control(simUrl, 'customer-message', { phoneNumberId, from, name: 'Maria Souza', text: 'Oi!' });
}

/** A customer of the company who just wrote on WhatsApp: the window is open on both sides. */
export async function customerWhoWrote(db: Db, simUrl: string, phoneNumberId: string, companyId: string) {
  const customer = await addCustomer(db, companyId);
  await customerWrites(simUrl, phoneNumberId, customer.phone!);
  await waitFor(
    async () =>
      (await db.query('SELECT 1 FROM customers WHERE id = $1 AND last_inbound_at IS NOT NULL', [customer.id]))
        .rows.length > 0,
    { what: 'the customer’s message' },
  );
  return customer;
}
