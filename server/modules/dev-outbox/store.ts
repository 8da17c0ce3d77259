import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

export type OutboxChannel = 'email' | 'sms';

export interface OutboxEntry {
  id: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: Date;
}

export interface NewOutboxEntry {
  /** Reuse the id to record a message once however often it is sent (a retried job). */
  id?: string;
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
}

interface OutboxRow extends Record<string, unknown> {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  created_at: Timestamp;
}

/** Stores a message the app would have sent; a second call with the same id changes nothing. */
export async function recordInDevOutbox(q: Queryable, entry: NewOutboxEntry): Promise<void> {
  await q.query(
    `INSERT INTO dev_outbox (id, channel, recipient, subject, body_text, body_html)
     VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [entry.id ?? null, entry.channel, entry.to, entry.subject ?? null, entry.text, entry.html ?? null],
  );
}

/** Newest first; `to` matches the recipient whatever its letter case. */
export async function latestInDevOutbox(
  q: Queryable,
  { to, channel, limit }: { to?: string; channel?: OutboxChannel; limit: number },
): Promise<OutboxEntry[]> {
  const { rows } = await q.query<OutboxRow>(
    `SELECT id, channel, recipient, subject, body_text, body_html, created_at
       FROM dev_outbox
      WHERE ($1::text IS NULL OR lower(recipient) = lower($1))
        AND ($2::text IS NULL OR channel = $2)
      ORDER BY created_at DESC, id DESC
      LIMIT $3`,
    [to ?? null, channel ?? null, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    createdAt: new Date(row.created_at),
  }));
}
