import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/types';
import { loadWhatsappSimulatorCredentials } from '../../server/integrations/whatsapp/simulator/credentials';
import { whatsappSignature } from '../../server/integrations/whatsapp/webhook-signature';
import type { JobLogger } from '../../server/jobs/worker';
import { openWebhookPayloads } from '../../server/modules/whatsapp-webhooks/webhook-payloads';
import {
  startWebhookProcessor,
  type WebhookProcessor,
} from '../../server/modules/whatsapp-webhooks/webhook-processor';
import { waitFor } from './db';
import { startTestServer, type TestServer } from './server';

/** A company's live WhatsApp connection, as connecting leaves it. */
export interface TestConnection {
  id: string;
  companyId: string;
  phoneNumberId: string;
  wabaId: string;
  /** The business's number, digits. */
  businessPhone: string;
}

export async function connectWhatsapp(
  db: Db,
  companyId: string,
  overrides: { mode?: 'cloud_api' | 'coexistence'; status?: string } = {},
): Promise<TestConnection> {
  const phoneNumberId = String(100_000_000_000_000 + randomBytes(4).readUInt32BE());
  const wabaId = String(200_000_000_000_000 + randomBytes(4).readUInt32BE());
  const businessPhone = `55119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO whatsapp_connections (company_id, mode, status, waba_id, phone_number_id, display_phone_number, connected_at)
     VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
    [
      companyId,
      overrides.mode ?? 'cloud_api',
      overrides.status ?? 'connected',
      wabaId,
      phoneNumberId,
      businessPhone,
    ],
  );
  return { id: rows[0]!.id, companyId, phoneNumberId, wabaId, businessPhone };
}

let sequence = 0;
/** A wamid like Meta's, unique in the run. */
export const wamid = () => `wamid.HBgN${randomBytes(12).toString('hex')}${++sequence}`;

export const seconds = (date = new Date()) => String(Math.floor(date.getTime() / 1000));

/** `{object, entry:[{id, changes:[{field, value}]}]}` for one connection. */
export function envelope(connection: TestConnection, changes: { field: string; value: object }[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: connection.wabaId,
        changes: changes.map(({ field, value }) => ({
          field,
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: connection.businessPhone,
              phone_number_id: connection.phoneNumberId,
            },
            ...value,
          },
        })),
      },
    ],
  };
}

export interface TestSender {
  waId?: string;
  userId?: string;
  name?: string;
}

/** A `messages` change with one text message from `sender`. */
export function textMessage(sender: TestSender, body: string, id = wamid(), at = new Date()) {
  return {
    field: 'messages',
    value: {
      contacts: [
        {
          profile: { name: sender.name ?? 'Cliente' },
          ...(sender.waId && { wa_id: sender.waId }),
          ...(sender.userId && { user_id: sender.userId }),
        },
      ],
      messages: [
        {
          ...(sender.waId && { from: sender.waId }),
          ...(sender.userId && { from_user_id: sender.userId }),
          id,
          timestamp: seconds(at),
          type: 'text',
          text: { body },
        },
      ],
    },
  };
}

/** A `smb_message_echoes` change: the owner wrote `body` to `to` from the Business app. */
export function echoMessage(
  connection: TestConnection,
  to: string,
  body: string,
  id = wamid(),
  extra: Record<string, unknown> = {},
) {
  return {
    field: 'smb_message_echoes',
    value: {
      message_echoes: [
        {
          from: connection.businessPhone,
          to,
          id,
          timestamp: seconds(),
          type: 'text',
          text: { body },
          ...extra,
        },
      ],
    },
  };
}

export function statusChange(
  id: string,
  status: string,
  recipient: string,
  at = new Date(),
  errors?: object[],
) {
  return {
    field: 'messages',
    value: {
      statuses: [{ id, status, timestamp: seconds(at), recipient_id: recipient, ...(errors && { errors }) }],
    },
  };
}

/** JSON as Meta writes it: non-ASCII escaped (\u00e7), so the bytes differ from JSON.stringify's. */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export async function appSecret(db: Db): Promise<string> {
  return (await loadWhatsappSimulatorCredentials(db)).appSecret;
}

/** POSTs `body` (bytes as given) signed with `secret`, as Meta delivers; `signature` overrides the header. */
export async function deliver(
  url: string,
  body: string,
  secret: string,
  options: { signature?: string | null } = {},
): Promise<Response> {
  const signature = options.signature === undefined ? whatsappSignature(body, secret) : options.signature;
  return fetch(`${url}/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'x-hub-signature-256': signature }),
    },
    body,
  });
}

/** How long the test processor looks again at a payload for a number not (yet) connected. */
export const UNKNOWN_NUMBER_GRACE_MS = 1_500;

/** The processors' latest warnings and errors, for a wait that times out to say what went wrong. */
const processorTrouble: string[] = [];
const TROUBLE_KEPT = 20;

function remember(level: string) {
  return (obj: object, msg?: string) => {
    const { err, ...fields } = obj as { err?: unknown };
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err ?? '');
    processorTrouble.push(
      `${new Date().toISOString()} ${level} ${msg ?? ''} ${JSON.stringify(fields)} ${why}`.trim(),
    );
    if (processorTrouble.length > TROUBLE_KEPT) processorTrouble.shift();
  };
}

const processorLogger: JobLogger = { info() {}, warn: remember('warn'), error: remember('error') };

/** The webhook processor, as server/main.ts runs it (polling often: tests wait on it). */
export function webhookProcessor(db: Db): WebhookProcessor {
  return startWebhookProcessor({
    db,
    logger: processorLogger,
    pollMs: 20,
    backoff: { baseMs: 1, capMs: 5 },
    maxAttempts: 3,
    unknownNumberGraceMs: UNKNOWN_NUMBER_GRACE_MS,
    unknownNumberRetryMs: 50,
  });
}

/** On PostgreSQL, what the other sessions are doing or waiting on (a processor stuck on a lock shows here). */
async function busySessions(db: Db): Promise<unknown[]> {
  if (db.kind !== 'postgres') return [];
  const { rows } = await db.query(
    `SELECT state, wait_event_type, wait_event, left(query, 120) AS query,
            extract(epoch FROM now() - xact_start)::float AS in_transaction_s
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
  );
  return rows;
}

/**
 * Waits until every stored payload is processed; on a timeout, says what is still open and why. A
 * payload given up on fails the wait with its error (only a test that makes one fail on purpose
 * passes `givenUp: 'expected'`): the processor keeps it aside and the test would go on without it.
 */
export async function allProcessed(db: Db, { givenUp = 'fails' }: { givenUp?: 'fails' | 'expected' } = {}) {
  try {
    await waitFor(async () => (await openWebhookPayloads(db)) === 0, {
      what: 'every webhook payload processed',
    });
  } catch (error) {
    const { rows } = await db.query(
      `SELECT left(body, 160) AS body, bytes, attempts, last_error,
              extract(epoch FROM now() - received_at)::float AS age_s,
              extract(epoch FROM locked_until - now())::float AS locked_for_s
         FROM whatsapp_webhook_payloads WHERE processed_at IS NULL AND failed_at IS NULL`,
    );
    const sessions = await busySessions(db);
    throw new Error(
      `${(error as Error).message}; still open: ${JSON.stringify(rows)}; sessions: ${JSON.stringify(sessions)}` +
        `; processor said: ${JSON.stringify(processorTrouble)}`,
    );
  }
  if (givenUp === 'expected') return;
  const { rows: failed } = await db.query(
    `SELECT left(body, 160) AS body, attempts, last_error FROM whatsapp_webhook_payloads
      WHERE failed_at IS NOT NULL`,
  );
  if (failed.length > 0) {
    throw new Error(
      `webhook payloads given up on: ${JSON.stringify(failed)}; processor said: ${JSON.stringify(processorTrouble)}`,
    );
  }
}

export interface WebhookTestServer {
  server: TestServer;
  /** The app secret deliveries are signed with (the local Cloud API's). */
  secret: string;
  /** Signs and delivers `value` as Meta writes it, expects the 200, and waits until it is processed. */
  receive(value: unknown): Promise<void>;
  /** Stops processing (deliveries pile up, to be taken as one batch) until `resume`. */
  pause(): Promise<void>;
  resume(): void;
  close(): Promise<void>;
}

/** A test server receiving webhooks as `npm start` does, its webhook processor running. */
export async function startWebhookTestServer(): Promise<WebhookTestServer> {
  const server = await startTestServer();
  const secret = await appSecret(server.db);
  let processor = webhookProcessor(server.db);
  return {
    server,
    secret,
    async receive(value) {
      const response = await deliver(server.url, metaJson(value), secret);
      if (response.status !== 200) throw new Error(`the webhook answered ${response.status}, not 200`);
      await allProcessed(server.db);
    },
    pause: () => processor.stop(),
    resume() {
      processor = webhookProcessor(server.db);
    },
    async close() {
      await processor.stop();
      await server.close();
    },
  };
}
