import type { Db, Queryable, Row } from '../../db/types';
import { isUuid } from '../../db/uuid';
import {
  parsedItems,
  webhookChangeSchema,
  webhookEntrySchema,
  webhookEnvelopeSchema,
} from '../../integrations/whatsapp/webhook-objects';
import { enqueue } from '../../jobs/enqueue';
import type { JobHandler, JobLogger } from '../../jobs/worker';
import { type ChangeContext, processChange } from './process-change';

export const WHATSAPP_WEBHOOK_JOB = 'whatsapp.webhook';

/**
 * Webhook jobs run by a worker of their own: Meta may send a thousand messages a second, each a job
 * of a few short commits. On PostgreSQL more jobs at once share each disk flush (commit latency, not
 * CPU, is the limit at 2); on PGlite (one connection in the server's thread) requests come first.
 */
export function webhookWorkerConcurrency(kind: Db['kind']): number {
  return kind === 'postgres' ? 8 : 2;
}

interface WebhookJobPayload {
  payloadId: string;
}

/**
 * Keeps a signed POST exactly as received and enqueues its processing, in one transaction: once the
 * sender has its 200, the payload is both stored and due.
 */
export async function storeWebhookPayload(
  db: { transaction: Db['transaction'] },
  body: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO whatsapp_webhook_payloads (body) VALUES ($1) RETURNING id',
      [body],
    );
    const payloadId = rows[0]!.id;
    await enqueue<WebhookJobPayload>(tx, {
      kind: WHATSAPP_WEBHOOK_JOB,
      payload: { payloadId },
      idempotencyKey: `${WHATSAPP_WEBHOOK_JOB}:${payloadId}`,
    });
    return payloadId;
  });
}

/**
 * Everything in one payload: every entry, change, message and status, each in a short transaction of
 * its own. A payload that is not Meta's envelope is logged and done with (retrying cannot fix it).
 */
export async function processWebhookBody(
  db: Db,
  body: string,
  receivedAt: Date,
  logger: JobLogger,
): Promise<void> {
  let json: unknown;
  try {
    // PostgreSQL's text and jsonb cannot hold NUL: an escaped one becomes the replacement character.
    json = JSON.parse(body.replaceAll('\\u0000', '\\uFFFD'));
  } catch {
    logger.warn({ bytes: body.length }, 'whatsapp webhook: body is not JSON; ignored');
    return;
  }
  const envelope = webhookEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    logger.warn({}, 'whatsapp webhook: not a webhook envelope; ignored');
    return;
  }
  const context: Omit<ChangeContext, 'wabaId'> = { db, logger, receivedAt, connections: new Map() };
  for (const entry of parsedItems(webhookEntrySchema, envelope.data.entry)) {
    for (const change of parsedItems(webhookChangeSchema, entry.changes)) {
      await processChange({ ...context, wabaId: entry.id ?? null }, change.field, change.value);
    }
  }
}

async function markProcessed(db: Queryable, payloadId: string): Promise<void> {
  await db.query(
    'UPDATE whatsapp_webhook_payloads SET processed_at = now() WHERE id = $1 AND processed_at IS NULL',
    [payloadId],
  );
}

/**
 * Payloads up to this size (one message or a few: nearly every delivery) are processed in one
 * transaction with their processed mark; larger ones (history chunks, big batches) in a short
 * transaction per item, so none holds the database for long.
 */
const ONE_TRANSACTION_BYTES = 64 * 1024;

/** `tx` as a Db: its "transactions" run in `tx` itself (they commit or roll back with it). */
function withinTransaction(tx: Queryable, kind: Db['kind']): Db {
  const outside = () => Promise.reject(new Error('not available inside a payload transaction'));
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (fn) => fn(tx),
    listen: outside,
    notify: outside,
    close: outside,
  };
}

interface PayloadRow extends Row {
  body: string;
  received_at: Date;
  processed_at: Date | null;
}

/**
 * The job that turns a stored payload into customers and conversation. Safe to run twice: a
 * processed payload is skipped (a small one is locked while processed), and every step is idempotent
 * (messages by wamid, statuses forward only).
 */
export function processWhatsappWebhookHandler(): JobHandler {
  return async (job, ctx) => {
    const { payloadId } = (job.payload ?? {}) as Partial<WebhookJobPayload>;
    if (typeof payloadId !== 'string' || !isUuid(payloadId)) {
      ctx.logger.warn({ jobId: job.id }, 'whatsapp webhook job without a payload id; ignored');
      return;
    }
    const small = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<PayloadRow & { bytes: number }>(
        `SELECT octet_length(body) AS bytes,
                CASE WHEN octet_length(body) <= $2 THEN body ELSE '' END AS body, received_at, processed_at
           FROM whatsapp_webhook_payloads WHERE id = $1 FOR UPDATE`,
        [payloadId, ONE_TRANSACTION_BYTES],
      );
      const payload = rows[0];
      if (!payload || payload.processed_at) return true;
      if (Number(payload.bytes) > ONE_TRANSACTION_BYTES) return false;
      await processWebhookBody(
        withinTransaction(tx, ctx.db.kind),
        payload.body,
        new Date(payload.received_at),
        ctx.logger,
      );
      await markProcessed(tx, payloadId);
      return true;
    });
    if (small) return;

    const { rows } = await ctx.db.query<PayloadRow>(
      'SELECT body, received_at, processed_at FROM whatsapp_webhook_payloads WHERE id = $1',
      [payloadId],
    );
    const payload = rows[0];
    if (!payload || payload.processed_at) return;
    await processWebhookBody(ctx.db, payload.body, new Date(payload.received_at), ctx.logger);
    await markProcessed(ctx.db, payloadId);
  };
}
