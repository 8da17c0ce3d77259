import { randomUUID } from 'node:crypto';
import { customerPhoneKey } from '../../../contracts/brazil/customer-phone';
import { type RealtimeEvent, realtimeEvent } from '../../../contracts/realtime';
import type { Queryable, Row } from '../../db/types';
import type { JobLogger } from '../../jobs/worker';
import { publishEvents } from '../../realtime/event-bus';
import { enqueueTurnWatches } from '../ai-watcher/watch-job';
import { messagePreview } from './conversation-messages';
import type { MessageContent } from './message-content';
import type { WebhookConnection } from './webhook-connection';
import { customerName, upsertWhatsappCustomer, type WhatsappPerson } from './whatsapp-customer';

/** A message a customer sent, waiting to be stored with the rest of its batch. */
export interface InboundMessage {
  connection: WebhookConnection;
  wamid: string;
  person: WhatsappPerson;
  content: MessageContent;
  sentAt: Date;
}

interface PersonEntry {
  companyId: string;
  person: WhatsappPerson;
  phoneKey: string | null;
  /** When they last wrote, among this batch's messages. */
  lastAt: Date;
  customerId?: string;
  created?: boolean;
}

interface FoundRow extends Row {
  i: number;
  id: string;
  phone: string | null;
  whatsapp_user_id: string | null;
}

/** One person per company and key: the same number with and without the ninth digit is one. */
const personKey = (companyId: string, person: WhatsappPerson, phoneKey: string | null) =>
  `${companyId}|${phoneKey ?? ''}|${phoneKey ? '' : person.userId}`;

/** Each person's existing customer (by phone key or business-scoped user id, the user id first). */
async function findCustomers(tx: Queryable, entries: PersonEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const { rows } = await tx.query<FoundRow>(
    `SELECT k.i::int AS i, c.id, c.phone, c.whatsapp_user_id
       FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS k(company_id, phone_key, user_id, i)
       CROSS JOIN LATERAL (
         SELECT id, phone, whatsapp_user_id FROM customers c
          WHERE c.company_id = k.company_id AND (c.phone_key = k.phone_key OR c.whatsapp_user_id = k.user_id)
          ORDER BY (c.whatsapp_user_id = k.user_id) IS TRUE DESC
          LIMIT 1) c`,
    [entries.map((e) => e.companyId), entries.map((e) => e.phoneKey), entries.map((e) => e.person.userId)],
  );
  for (const row of rows) {
    const entry = entries[row.i - 1]!;
    const learnsSomething =
      (entry.person.phone !== null && row.phone === null) ||
      (entry.person.userId !== null && row.whatsapp_user_id === null);
    // A customer that gains a phone or a user id here (rare) goes the careful way, one by one.
    entry.customerId = learnsSomething
      ? (await upsertWhatsappCustomer(tx, entry.companyId, entry.person))?.id
      : row.id;
  }
}

/**
 * Stores a batch of inbound messages with a handful of statements whatever its size (the per-message
 * way costs seven round trips each, and round trips are what bounds ingestion): blocked senders are
 * dropped before anything is stored about them; customers are found or created (the profile's name,
 * source whatsapp) in key order, so concurrent batches lock them in one order; messages are stored
 * once per wamid; each customer's last contact and last inbound move forward, never back; open tabs
 * hear of new customers and of messages stored for the first time; each customer's newest message is
 * queued for the conversation watcher when the company has it on. Same outcome as `storeMessage`
 * for each, in the caller's transaction.
 */
export async function storeInboundBatch(
  tx: Queryable,
  messages: InboundMessage[],
  logger: JobLogger,
): Promise<void> {
  if (messages.length === 0) return;
  const people = new Map<string, PersonEntry>();
  const byMessage: (PersonEntry | undefined)[] = messages.map(({ connection, person, sentAt }) => {
    if (!person.phone && !person.userId) return undefined;
    const phoneKey = person.phone ? customerPhoneKey(person.phone) : null;
    const key = personKey(connection.companyId, person, phoneKey);
    let entry = people.get(key);
    if (!entry) {
      entry = { companyId: connection.companyId, person, phoneKey, lastAt: sentAt };
      people.set(key, entry);
    } else if (entry.lastAt < sentAt) entry.lastAt = sentAt;
    return entry;
  });

  // The blocklist first: nothing about a blocked number is stored.
  const withPhone = [...people.values()].filter((e) => e.phoneKey !== null);
  const { rows: blockedRows } = await tx.query<{ company_id: string; phone_key: string }>(
    `SELECT b.company_id, b.phone_key FROM whatsapp_blocklist b
       JOIN unnest($1::uuid[], $2::text[]) AS k(company_id, phone_key)
         ON b.company_id = k.company_id AND b.phone_key = k.phone_key`,
    [withPhone.map((e) => e.companyId), withPhone.map((e) => e.phoneKey)],
  );
  const blocked = new Set(blockedRows.map((row) => `${row.company_id}|${row.phone_key}`));
  const open = [...people.values()]
    .filter((e) => !(e.phoneKey && blocked.has(`${e.companyId}|${e.phoneKey}`)))
    .sort((a, b) =>
      personKey(a.companyId, a.person, a.phoneKey).localeCompare(
        personKey(b.companyId, b.person, b.phoneKey),
      ),
    );

  const events: { companyId: string; event: RealtimeEvent }[] = [];
  await findCustomers(tx, open);
  const missing = open.filter((e) => !e.customerId);
  if (missing.length > 0) {
    const ids = missing.map(() => randomUUID());
    // Created with their last contact already set: no second write of the row for its messages.
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO customers (id, company_id, name, phone, whatsapp_user_id, source, last_contact_at, last_inbound_at)
       SELECT id, company_id, name, phone, user_id, 'whatsapp', at, at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
           AS n(id, company_id, name, phone, user_id, at)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        ids,
        missing.map((e) => e.companyId),
        missing.map((e) => customerName(e.person)),
        missing.map((e) => e.person.phone),
        missing.map((e) => e.person.userId),
        missing.map((e) => e.lastAt),
      ],
    );
    const created = new Set(rows.map((row) => row.id));
    missing.forEach((entry, i) => {
      if (!created.has(ids[i]!)) return;
      entry.customerId = ids[i];
      entry.created = true;
      events.push({
        companyId: entry.companyId,
        event: realtimeEvent('customer.created', { customerId: ids[i]! }),
      });
    });
    // Created meanwhile by another batch (or another key of the same person): found now.
    await findCustomers(
      tx,
      missing.filter((e) => !e.customerId),
    );
  }

  const seen = new Set<string>();
  const rows = messages
    .map((message, i) => ({
      message,
      customerId: byMessage[i]?.customerId,
      created: byMessage[i]?.created === true,
      id: randomUUID(),
    }))
    .filter(({ message, customerId }) => {
      const key = `${message.connection.companyId}|${message.wamid}`;
      if (!customerId || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.message.wamid.localeCompare(b.message.wamid));
  const dropped = messages.length - rows.length;
  if (dropped > 0)
    logger.info({ dropped }, 'whatsapp webhook: messages dropped (blocked, no sender or repeated)');
  if (rows.length === 0) return publishEvents(tx, events);

  const { rows: inserted } = await tx.query<{ id: string }>(
    `INSERT INTO conversation_messages
       (id, company_id, customer_id, connection_id, wamid, direction, origin, type, body, details,
        reply_to_wamid, sent_at)
     SELECT id, company_id, customer_id, connection_id, wamid, 'inbound', 'webhook', type, body, details::jsonb,
            reply_to_wamid, sent_at
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $10::timestamptz[])
         AS m(id, company_id, customer_id, connection_id, wamid, type, body, details, reply_to_wamid, sent_at)
     ON CONFLICT (company_id, wamid) DO NOTHING
     RETURNING id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.message.connection.companyId),
      rows.map((r) => r.customerId),
      rows.map((r) => r.message.connection.id),
      rows.map((r) => r.message.wamid),
      rows.map((r) => r.message.content.type),
      rows.map((r) => r.message.content.body),
      rows.map((r) => JSON.stringify(r.message.content.details)),
      rows.map((r) => r.message.content.replyToWamid),
      rows.map((r) => r.message.sentAt),
    ],
  );
  const stored = new Set(inserted.map((row) => row.id));
  const latest = new Map<string, { companyId: string; customerId: string; at: Date; messageId: string }>();
  for (const row of rows) {
    if (!stored.has(row.id)) continue;
    const { companyId } = row.message.connection;
    const customerId = row.customerId!;
    const last = latest.get(customerId);
    if (!last || last.at < row.message.sentAt)
      latest.set(customerId, { companyId, customerId, at: row.message.sentAt, messageId: row.id });
    const preview = messagePreview(row.message.content);
    events.push({
      companyId,
      event: realtimeEvent('message.received', {
        messageId: row.id,
        customerId,
        ...(preview !== undefined && { preview }),
      }),
    });
  }
  // Timestamps are whole seconds: a customer writing several times a second moves nothing the second
  // time, and an UPDATE that changes nothing still rewrites the row and its indexes.
  const touched = [...latest.values()].sort((a, b) => a.customerId.localeCompare(b.customerId));
  if (touched.length > 0) {
    await tx.query(
      `UPDATE customers c SET
         last_contact_at = GREATEST(c.last_contact_at, t.at),
         last_inbound_at = GREATEST(c.last_inbound_at, t.at)
        FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS t(company_id, id, at)
       WHERE c.company_id = t.company_id AND c.id = t.id
         AND (c.last_inbound_at IS NULL OR c.last_inbound_at < t.at OR c.last_contact_at IS NULL OR c.last_contact_at < t.at)`,
      [touched.map((t) => t.companyId), touched.map((t) => t.customerId), touched.map((t) => t.at)],
    );
  }
  await enqueueTurnWatches(
    tx,
    touched.map(({ companyId, messageId }) => ({ companyId, messageId })),
  );
  await publishEvents(tx, events);
}
