import type { ConversationStatus } from '../../../contracts/conversation';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import type { MessageContent } from './message-content';

/** sent < delivered < read; failed ends it. A status only ever replaces a lower one. */
const STATUS_ORDER_SQL = `ARRAY['sent', 'delivered', 'read', 'failed']::text[]`;
const rankSql = (expression: string) => `coalesce(array_position(${STATUS_ORDER_SQL}, ${expression}), 0)`;

export interface NewConversationMessage {
  companyId: string;
  customerId: string;
  connectionId: string;
  wamid: string;
  direction: 'inbound' | 'outbound';
  /** app: sent by Fechaí itself (follow-ups, replies). */
  origin: 'webhook' | 'echo' | 'history' | 'app';
  content: MessageContent;
  status: ConversationStatus | null;
  sentAt: Date;
  /** Sent from Fechaí by or for this person (a reply, a follow-up they wrote). */
  sentByUserId?: string | null;
}

/**
 * Statuses and outbound messages of one wamid meet here in turn (a transaction-scoped lock), so a
 * status that arrives while its message is being stored is either applied to it or left pending for
 * it, never lost between the two.
 */
export async function lockWamid(tx: Queryable, companyId: string, wamid: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${companyId}:${wamid}`]);
}

/** Stores the message once per wamid; the new row's id, or null when it was already there. */
export async function insertConversationMessage(
  tx: Queryable,
  message: NewConversationMessage,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO conversation_messages
       (company_id, customer_id, connection_id, wamid, direction, origin, type, body, details, reply_to_wamid,
        status, sent_at, sent_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13)
     ON CONFLICT (company_id, wamid) DO NOTHING
     RETURNING id`,
    [
      message.companyId,
      message.customerId,
      message.connectionId,
      message.wamid,
      message.direction,
      message.origin,
      message.content.type,
      message.content.body,
      JSON.stringify(message.content.details),
      message.content.replyToWamid,
      message.status,
      message.sentAt,
      message.sentByUserId ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/** Moves the customer's last contact (and, for what they sent, last inbound) forward, never back. */
export async function touchCustomer(
  tx: Queryable,
  companyId: string,
  customerId: string,
  at: Date,
  inbound: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE customers SET
       last_contact_at = GREATEST(last_contact_at, $3),
       last_inbound_at = CASE WHEN $4 THEN GREATEST(last_inbound_at, $3) ELSE last_inbound_at END
     WHERE company_id = $1 AND id = $2`,
    [companyId, customerId, at, inbound],
  );
}

export interface StatusUpdate {
  status: ConversationStatus;
  errorCode: string | null;
  errorTitle: string | null;
  /** From a webhook (a Date), or a pending status as stored (the database's text). */
  at: Date | Timestamp;
}

/**
 * Applies `update` to the outbound message `wamid` if it moves its status forward; the message's id
 * and customer when it did. Call under lockWamid.
 */
export async function advanceStatus(
  tx: Queryable,
  companyId: string,
  wamid: string,
  update: StatusUpdate,
): Promise<{ id: string; customerId: string } | null> {
  const { rows } = await tx.query<{ id: string; customer_id: string }>(
    `UPDATE conversation_messages SET
       status = $3,
       error_code = CASE WHEN $3 = 'failed' THEN $4 ELSE error_code END,
       error_title = CASE WHEN $3 = 'failed' THEN $5 ELSE error_title END,
       updated_at = now()
     WHERE company_id = $1 AND wamid = $2 AND direction = 'outbound' AND ${rankSql('status')} < ${rankSql('$3::text')}
     RETURNING id, customer_id`,
    [companyId, wamid, update.status, update.errorCode, update.errorTitle],
  );
  const row = rows[0];
  return row ? { id: row.id, customerId: row.customer_id } : null;
}

export async function messageExists(tx: Queryable, companyId: string, wamid: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM conversation_messages WHERE company_id = $1 AND wamid = $2',
    [companyId, wamid],
  );
  return rows.length > 0;
}

/** Keeps a status whose message has not arrived yet (delivery is unordered); one per (wamid, status). */
export async function keepPendingStatus(
  tx: Queryable,
  companyId: string,
  wamid: string,
  update: StatusUpdate,
): Promise<void> {
  await tx.query(
    `INSERT INTO conversation_pending_statuses (company_id, wamid, status, error_code, error_title, at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, wamid, status) DO NOTHING`,
    [companyId, wamid, update.status, update.errorCode, update.errorTitle, update.at],
  );
}

/**
 * The furthest status that waited for this message, applied now; the pending rows are removed.
 * Call under lockWamid, after storing the message. Returns the status applied, if any.
 */
export async function applyPendingStatuses(
  tx: Queryable,
  companyId: string,
  wamid: string,
): Promise<ConversationStatus | null> {
  const { rows } = await tx.query<{
    status: ConversationStatus;
    error_code: string | null;
    error_title: string | null;
    at: Timestamp;
  }>(
    `DELETE FROM conversation_pending_statuses WHERE company_id = $1 AND wamid = $2
     RETURNING status, error_code, error_title, at`,
    [companyId, wamid],
  );
  const order = ['sent', 'delivered', 'read', 'failed'];
  const furthest = rows.sort((a, b) => order.indexOf(b.status) - order.indexOf(a.status))[0];
  if (!furthest) return null;
  const applied = await advanceStatus(tx, companyId, wamid, {
    status: furthest.status,
    errorCode: furthest.error_code,
    errorTitle: furthest.error_title,
    at: furthest.at,
  });
  return applied ? furthest.status : null;
}
