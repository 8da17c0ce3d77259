import type { Db, Queryable } from '../../db/types';
import {
  parsedItems,
  webhookChangeSchema,
  webhookEntrySchema,
  webhookEnvelopeSchema,
} from '../../integrations/whatsapp/webhook-objects';
import type { JobLogger } from '../../jobs/worker';
import { type ChangeContext, processChange } from './process-change';

/**
 * Everything in one payload: every entry, change, message and status, each in a short transaction of
 * its own (or all in the caller's, through `withinTransaction`). A payload that is not Meta's
 * envelope is logged and done with (retrying cannot fix it). Within a batch, `batch` keeps the
 * tenants looked up (a batch names the same number many times) and gathers what customers sent, for
 * the batch to store at once. Says whether a change named a number no live connection has.
 */
export async function processWebhookBody(
  db: Db,
  body: string,
  receivedAt: Date,
  logger: JobLogger,
  batch: Pick<ChangeContext, 'connections' | 'inbound'> = { connections: new Map() },
): Promise<{ unknownTenant: boolean }> {
  let json: unknown;
  try {
    // PostgreSQL's text and jsonb cannot hold NUL: an escaped one becomes the replacement character.
    json = JSON.parse(body.replaceAll('\\u0000', '\\uFFFD'));
  } catch {
    logger.warn({ bytes: body.length }, 'whatsapp webhook: body is not JSON; ignored');
    return { unknownTenant: false };
  }
  const envelope = webhookEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    logger.warn({}, 'whatsapp webhook: not a webhook envelope; ignored');
    return { unknownTenant: false };
  }
  let unknownTenant = false;
  for (const entry of parsedItems(webhookEntrySchema, envelope.data.entry)) {
    for (const change of parsedItems(webhookChangeSchema, entry.changes)) {
      const context: ChangeContext = { db, logger, receivedAt, ...batch, wabaId: entry.id ?? null };
      await processChange(context, change.field, change.value);
      unknownTenant ||= context.unknownTenant === true;
    }
  }
  return { unknownTenant };
}

/** `tx` as a Db: its "transactions" run in `tx` itself (they commit or roll back with it). */
export function withinTransaction(tx: Queryable, kind: Db['kind']): Db {
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
