import type { Timestamp } from '../../../db/timestamp';
import type { Queryable } from '../../../db/types';
import { invalidToken } from './graph-errors';

/** The simulator's state in the dev_whatsapp_* tables (015_whatsapp_simulator.sql, 018_*). */

/** A simulated WhatsApp Business number and its account (dev_whatsapp_numbers). */
export interface SimNumber {
  phoneNumberId: string;
  wabaId: string;
  businessId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  coexistence: boolean;
  subscribed: boolean;
  /** POST /register went through (or the number was made already registered). */
  registered: boolean;
  /** The two-step verification PIN Meta holds for the number, if any. */
  registerPin: string | null;
  /** A refusal the tester chose for /register. */
  registerFault: 'pending_review' | null;
}

export type NumberRow = {
  phone_number_id: string;
  waba_id: string;
  business_id: string;
  display_phone_number: string;
  verified_name: string;
  coexistence: boolean;
  subscribed_at: Timestamp | null;
  registered_at: Timestamp | null;
  register_pin: string | null;
  register_fault: 'pending_review' | null;
};

export const NUMBER_COLUMNS = `phone_number_id, waba_id, business_id, display_phone_number, verified_name, coexistence,
  subscribed_at, registered_at, register_pin, register_fault`;

export const toNumber = (row: NumberRow): SimNumber => ({
  phoneNumberId: row.phone_number_id,
  wabaId: row.waba_id,
  businessId: row.business_id,
  displayPhoneNumber: row.display_phone_number,
  verifiedName: row.verified_name,
  coexistence: row.coexistence,
  subscribed: row.subscribed_at !== null,
  registered: row.registered_at !== null,
  registerPin: row.register_pin,
  registerFault: row.register_fault,
});

export async function findNumber(q: Queryable, phoneNumberId: string): Promise<SimNumber | null> {
  const { rows } = await q.query<NumberRow>(
    `SELECT ${NUMBER_COLUMNS} FROM dev_whatsapp_numbers WHERE phone_number_id = $1`,
    [phoneNumberId],
  );
  return rows[0] ? toNumber(rows[0]) : null;
}

/** The numbers made last, newest first. */
export async function listNumbers(q: Queryable, limit = 100): Promise<SimNumber[]> {
  const { rows } = await q.query<NumberRow>(
    `SELECT ${NUMBER_COLUMNS} FROM dev_whatsapp_numbers ORDER BY created_at DESC, phone_number_id LIMIT $1`,
    [limit],
  );
  return rows.map(toNumber);
}

/** An account's numbers, oldest first. */
export async function wabaNumbers(q: Queryable, wabaId: string): Promise<SimNumber[]> {
  const { rows } = await q.query<NumberRow>(
    `SELECT ${NUMBER_COLUMNS} FROM dev_whatsapp_numbers WHERE waba_id = $1 ORDER BY created_at, phone_number_id`,
    [wabaId],
  );
  return rows.map(toNumber);
}

/** What the control API shows of a number (its /register state is the signup half's). */
export type ShownNumber = Omit<SimNumber, 'registered' | 'registerPin' | 'registerFault'>;

export const shownNumber = ({ registered, registerPin, registerFault, ...shown }: SimNumber): ShownNumber =>
  shown;

/** A number as a test or benchmark wants it: registered unless shared with the Business app. */
export async function insertNumber(q: Queryable, number: ShownNumber): Promise<void> {
  await q.query(
    `INSERT INTO dev_whatsapp_numbers
       (phone_number_id, waba_id, business_id, display_phone_number, verified_name, coexistence,
        registered_at, subscribed_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN NULL ELSE now() END, CASE WHEN $7 THEN now() END)`,
    [
      number.phoneNumberId,
      number.wabaId,
      number.businessId,
      number.displayPhoneNumber,
      number.verifiedName,
      number.coexistence,
      number.subscribed,
    ],
  );
}

export async function insertToken(q: Queryable, token: string, wabaId: string): Promise<void> {
  await q.query('INSERT INTO dev_whatsapp_tokens (token, waba_id) VALUES ($1, $2)', [token, wabaId]);
}

/** The WABA a live business token acts for; 401 (190) when it is missing, unknown or revoked. */
export async function tokenWaba(q: Queryable, token: string): Promise<string> {
  if (!token) throw invalidToken();
  const { rows } = await q.query<{ waba_id: string }>(
    'SELECT waba_id FROM dev_whatsapp_tokens WHERE token = $1 AND revoked_at IS NULL',
    [token],
  );
  if (!rows[0]) throw invalidToken();
  return rows[0].waba_id;
}

export type Direction = 'to_business' | 'to_customer' | 'echo';
export type SimStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export interface SimMessage {
  wamid: string;
  phoneNumberId: string;
  customer: string;
  direction: Direction;
  type: string;
  /** The message object as Meta carries it, without from/id/timestamp ({type, text:{body}}…). */
  content: Record<string, unknown>;
  status: SimStatus | null;
  errorCode: number | null;
  /** The business's biz_opaque_callback_data on a send, repeated in its status webhooks. */
  callbackData: string | null;
  createdAt: Date;
}

type MessageRow = {
  wamid: string;
  phone_number_id: string;
  customer: string;
  direction: Direction;
  type: string;
  content: Record<string, unknown>;
  status: SimStatus | null;
  error_code: number | null;
  biz_opaque_callback_data: string | null;
  created_at: Timestamp;
};

const toMessage = (row: MessageRow): SimMessage => ({
  wamid: row.wamid,
  phoneNumberId: row.phone_number_id,
  customer: row.customer,
  direction: row.direction,
  type: row.type,
  content: row.content,
  status: row.status,
  errorCode: row.error_code,
  callbackData: row.biz_opaque_callback_data,
  createdAt: new Date(row.created_at),
});

/** Records a message; one already recorded (the same history shared again) stays as it was. */
export async function insertMessage(
  q: Queryable,
  message: Omit<SimMessage, 'errorCode' | 'callbackData'> & {
    errorCode?: number | null;
    callbackData?: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO dev_whatsapp_messages
       (wamid, phone_number_id, customer, direction, type, content, status, error_code, created_at,
        biz_opaque_callback_data)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
     ON CONFLICT (wamid) DO NOTHING`,
    [
      message.wamid,
      message.phoneNumberId,
      message.customer,
      message.direction,
      message.type,
      JSON.stringify(message.content),
      message.status,
      message.errorCode ?? null,
      message.createdAt,
      message.callbackData ?? null,
    ],
  );
}

export async function findMessage(q: Queryable, wamid: string): Promise<SimMessage | null> {
  const { rows } = await q.query<MessageRow>('SELECT * FROM dev_whatsapp_messages WHERE wamid = $1', [wamid]);
  return rows[0] ? toMessage(rows[0]) : null;
}

const STATUS_RANK: Record<SimStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Moves a message's status forward only (a late "delivered" never undoes "read"). */
export async function advanceStatus(
  q: Queryable,
  wamid: string,
  status: SimStatus,
  errorCode: number | null = null,
): Promise<void> {
  await q.query(
    `UPDATE dev_whatsapp_messages SET status = $2, error_code = COALESCE($3, error_code)
      WHERE wamid = $1 AND (status IS NULL OR
        (CASE status WHEN 'accepted' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 4 END) < $4)`,
    [wamid, status, errorCode, STATUS_RANK[status]],
  );
}

/** One conversation, oldest first (the last `limit` messages). */
export async function conversation(
  q: Queryable,
  phoneNumberId: string,
  customerKey: string,
  limit = 200,
): Promise<SimMessage[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT * FROM (
       SELECT * FROM dev_whatsapp_messages
        WHERE phone_number_id = $1 AND ${KEY_SQL('customer')} = $2
        ORDER BY created_at DESC, wamid DESC LIMIT $3) latest
      ORDER BY created_at, wamid`,
    [phoneNumberId, customerKey, limit],
  );
  return rows.map(toMessage);
}

/** The business's replies a customer has received but not read yet. */
export async function unreadReplies(
  q: Queryable,
  phoneNumberId: string,
  customerKey: string,
): Promise<SimMessage[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT * FROM dev_whatsapp_messages
      WHERE phone_number_id = $1 AND ${KEY_SQL('customer')} = $2
        AND direction = 'to_customer' AND status IN ('sent', 'delivered')
      ORDER BY created_at, wamid`,
    [phoneNumberId, customerKey],
  );
  return rows.map(toMessage);
}

/** SQL for a number's phone key (the Brazilian ninth digit dropped), as customers' phone_key. */
export const KEY_SQL = (column: string) =>
  `(CASE WHEN ${column} ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(${column}, 1, 4) || substr(${column}, 6) ELSE ${column} END)`;

/** What a send to one person depends on, read in one statement. */
export interface SendConditions {
  /** The number's sends since `numberSince` (its throughput). */
  numberSends: number;
  /** Sends to this person since `pairSince` (the pair rate). */
  pairSends: number;
  /** The number the person last wrote to the business from, and when, if they ever did. */
  known: { customer: string; lastInboundAt: Date } | null;
  /** The tester made this person's number one without WhatsApp. */
  unreachable: boolean;
}

export async function sendConditions(
  q: Queryable,
  phoneNumberId: string,
  customerKey: string,
  { numberSince, pairSince }: { numberSince: Date; pairSince: Date },
): Promise<SendConditions> {
  const { rows } = await q.query<{
    number_sends: number;
    pair_sends: number;
    customer: string | null;
    last_inbound_at: Timestamp | null;
    unreachable: boolean;
  }>(
    `SELECT
       (SELECT count(*)::int FROM dev_whatsapp_messages
         WHERE phone_number_id = $1 AND direction = 'to_customer' AND created_at > $3) AS number_sends,
       (SELECT count(*)::int FROM dev_whatsapp_messages
         WHERE phone_number_id = $1 AND direction = 'to_customer' AND ${KEY_SQL('customer')} = $2
           AND created_at > $4) AS pair_sends,
       last.customer, last.created_at AS last_inbound_at,
       EXISTS (SELECT 1 FROM dev_whatsapp_unreachable WHERE phone_key = $2) AS unreachable
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (
       SELECT customer, created_at FROM dev_whatsapp_messages
        WHERE phone_number_id = $1 AND direction = 'to_business' AND ${KEY_SQL('customer')} = $2
        ORDER BY created_at DESC LIMIT 1) AS last ON true`,
    [phoneNumberId, customerKey, numberSince, pairSince],
  );
  const row = rows[0]!;
  return {
    numberSends: row.number_sends,
    pairSends: row.pair_sends,
    known:
      row.customer && row.last_inbound_at
        ? { customer: row.customer, lastInboundAt: new Date(row.last_inbound_at) }
        : null,
    unreachable: row.unreachable,
  };
}

/** The customers who talked with a number, most recent first. */
export async function recentCustomers(
  q: Queryable,
  phoneNumberId: string,
): Promise<{ customer: string; name: string | null; at: Timestamp }[]> {
  const { rows } = await q.query<{ customer: string; name: string | null; at: Timestamp }>(
    `SELECT DISTINCT ON (${KEY_SQL('customer')}) customer, content->'_profile'->>'name' AS name, created_at AS at
       FROM dev_whatsapp_messages WHERE phone_number_id = $1
      ORDER BY ${KEY_SQL('customer')}, created_at DESC`,
    [phoneNumberId],
  );
  return rows.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, 30);
}

/** A media object (a customer's photo) and the account of the number it belongs to. */
export interface SimMedia {
  mediaId: string;
  phoneNumberId: string;
  wabaId: string;
  mimeType: string;
  sha256: string;
  fileName: string | null;
  size: number;
  /** Only when asked for. */
  bytes?: Buffer;
}

export async function insertMedia(
  q: Queryable,
  media: Omit<SimMedia, 'wabaId' | 'size' | 'bytes'> & { bytes: Buffer },
): Promise<void> {
  await q.query(
    `INSERT INTO dev_whatsapp_media (media_id, phone_number_id, mime_type, sha256, file_name, bytes)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [media.mediaId, media.phoneNumberId, media.mimeType, media.sha256, media.fileName, media.bytes],
  );
}

export async function findMedia(
  q: Queryable,
  mediaId: string,
  { withBytes = false } = {},
): Promise<SimMedia | null> {
  const { rows } = await q.query<{
    media_id: string;
    phone_number_id: string;
    waba_id: string;
    mime_type: string;
    sha256: string;
    file_name: string | null;
    size: number;
    bytes?: Uint8Array;
  }>(
    `SELECT m.media_id, m.phone_number_id, n.waba_id, m.mime_type, m.sha256, m.file_name,
            octet_length(m.bytes) AS size ${withBytes ? ', m.bytes' : ''}
       FROM dev_whatsapp_media m JOIN dev_whatsapp_numbers n ON n.phone_number_id = m.phone_number_id
      WHERE m.media_id = $1`,
    [mediaId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    mediaId: row.media_id,
    phoneNumberId: row.phone_number_id,
    wabaId: row.waba_id,
    mimeType: row.mime_type,
    sha256: row.sha256,
    fileName: row.file_name,
    size: Number(row.size),
    ...(row.bytes && { bytes: Buffer.from(row.bytes) }),
  };
}

/** Numbers the play page marked "sem WhatsApp": sends to them fail with 131026. */
export async function isUnreachable(q: Queryable, customerKey: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM dev_whatsapp_unreachable WHERE phone_key = $1', [
    customerKey,
  ]);
  return rows.length > 0;
}

export async function setUnreachable(q: Queryable, customerKey: string, unreachable: boolean): Promise<void> {
  if (unreachable) {
    await q.query(
      'INSERT INTO dev_whatsapp_unreachable (phone_key) VALUES ($1) ON CONFLICT (phone_key) DO NOTHING',
      [customerKey],
    );
  } else {
    await q.query('DELETE FROM dev_whatsapp_unreachable WHERE phone_key = $1', [customerKey]);
  }
}
