import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/types';
import { sendFailure } from '../../server/http/error-handler';
import type { SendLimits } from '../../server/integrations/whatsapp/simulator/business-send';
import { whatsappSimulatorRoutes } from '../../server/integrations/whatsapp/simulator/routes';

/**
 * JSON read by path in assertions (Meta's bodies, the control API's answers); its shape is what the
 * assertions check, with toEqual and toMatchObject.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

export interface WebhookReceived {
  /** The exact bytes received. */
  raw: Buffer;
  signature: string | undefined;
  /** The body parsed (for assertions on its shape). */
  body: {
    object: string;
    entry: { id: string; changes: { field: string; value: Record<string, Json> }[] }[];
  };
}

export interface WebhookReceiver {
  url: string;
  received: WebhookReceived[];
  /** Answers given in turn to the next POSTs whose body contains `match` (then 200). */
  answerNext(match: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/** A tiny HTTP server standing in for the app's /webhooks/whatsapp: keeps what it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceived[] = [];
  const queued: { match: string; status: number }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const rule = queued.findIndex((one) => raw.includes(one.match));
      const status = rule < 0 ? 200 : queued.splice(rule, 1)[0]!.status;
      received.push({
        raw,
        signature: request.headers['x-hub-signature-256'] as string | undefined,
        body: JSON.parse(raw.toString('utf8')),
      });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`,
    received,
    answerNext: (match, ...statuses) => queued.push(...statuses.map((status) => ({ match, status }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const TEST_APP_SECRET = 'whatsapp-simulator-test-secret';

/** X-Hub-Signature-256 computed independently of the simulator. */
export const expectedSignature = (raw: Buffer) =>
  `sha256=${createHmac('sha256', TEST_APP_SECRET).update(raw).digest('hex')}`;

export interface StandaloneWhatsappSimulator {
  url: string;
  graph: string;
  app: FastifyInstance;
  /** Moves the simulator's clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The WhatsApp simulator on a port of its own, with a clock the test moves, quick retries and
 * webhooks to `webhookUrl`. State lives in `db`.
 */
export async function startWhatsappSimulator(
  db: Db,
  options: { webhookUrl: string; limits?: Partial<SendLimits> },
): Promise<StandaloneWhatsappSimulator> {
  // Starts at the real time (the database's rows and Meta's timestamps agree); tests move it on.
  let now = Date.now();
  const app = Fastify({ logger: false });
  app.setErrorHandler((error: FastifyError, request, reply) => sendFailure(error, request, reply));
  await app.register(whatsappSimulatorRoutes, {
    db,
    credentials: async () => ({ appId: '1234', appSecret: TEST_APP_SECRET, verifyToken: 'verify' }),
    webhookUrl: () => options.webhookUrl,
    now: () => new Date(now),
    ...(options.limits && { limits: options.limits }),
    retry: { baseMs: 20, capMs: 100 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    graph: `${url}/dev/whatsapp/graph/v23.0`,
    app,
    advance(ms) {
      now += ms;
    },
    close: () => app.close(),
  };
}

/** Calls the simulator's control API; answers the envelope's data or throws with the answer. */
export async function control<T = Json>(baseUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/dev/whatsapp/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
  const json = (await response.json()) as { success: boolean; data?: T };
  if (!response.ok || !json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** A simulated number as the control API creates it, with its live business token. */
export interface SimulatedNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  token: string;
}

/** POST /{phone_number_id}/messages as the app makes it; answers the status and Meta's JSON. */
export async function graphSend(
  graph: string,
  number: SimulatedNumber,
  body: Record<string, unknown>,
  token = number.token,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${graph}/${number.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** The status objects (statuses[]) one message of a number got by webhook so far. */
export const statusesReceived = (receiver: WebhookReceiver, number: SimulatedNumber, wamid: string): Json[] =>
  receiver.received
    .filter((hook) => hook.body.entry.some((entry) => entry.id === number.wabaId))
    .flatMap((hook) =>
      hook.body.entry.flatMap((entry) =>
        entry.changes.flatMap((change) =>
          ((change.value.statuses ?? []) as Json[]).filter((status) => status.id === wamid),
        ),
      ),
    );
