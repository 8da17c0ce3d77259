import type { Timestamp } from '../../../db/timestamp';
import type { Queryable } from '../../../db/types';
import type { SimEvent, SimObject, SimObjectKind } from './objects';

/** The simulator's objects and events in dev_stripe_objects / dev_stripe_events, as Stripe's JSON. */

type ObjectOf<K extends SimObjectKind> = Extract<SimObject, { object: K }>;

export async function insertObject(q: Queryable, object: SimObject, internal: object = {}): Promise<void> {
  await q.query(
    'INSERT INTO dev_stripe_objects (id, object, data, internal) VALUES ($1, $2, $3::jsonb, $4::jsonb)',
    [object.id, object.object, JSON.stringify(object), JSON.stringify(internal)],
  );
}

export async function saveObject(q: Queryable, object: SimObject): Promise<void> {
  await q.query('UPDATE dev_stripe_objects SET data = $2::jsonb WHERE id = $1', [
    object.id,
    JSON.stringify(object),
  ]);
}

/** The object of that kind with that id; `lock` holds it until the transaction ends (one change at a time). */
export async function findObject<K extends SimObjectKind>(
  q: Queryable,
  kind: K,
  id: string,
  { lock = false } = {},
): Promise<{ object: ObjectOf<K>; internal: Record<string, unknown> } | null> {
  const { rows } = await q.query<{ data: ObjectOf<K>; internal: Record<string, unknown> }>(
    `SELECT data, internal FROM dev_stripe_objects WHERE id = $1 AND object = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, kind],
  );
  const row = rows[0];
  return row ? { object: row.data, internal: row.internal } : null;
}

export async function latestObjects<K extends SimObjectKind>(
  q: Queryable,
  kind: K,
  limit: number,
): Promise<ObjectOf<K>[]> {
  const { rows } = await q.query<{ data: ObjectOf<K> }>(
    'SELECT data FROM dev_stripe_objects WHERE object = $1 ORDER BY created_at DESC, id LIMIT $2',
    [kind, limit],
  );
  return rows.map((row) => row.data);
}

export async function insertEvent(q: Queryable, event: SimEvent): Promise<void> {
  await q.query('INSERT INTO dev_stripe_events (id, type, data) VALUES ($1, $2, $3::jsonb)', [
    event.id,
    event.type,
    JSON.stringify(event),
  ]);
}

export interface StoredEvent {
  event: SimEvent;
  deliveredAt: Date | null;
  /** The webhook's HTTP status at the last attempt; null when it did not answer (or no attempt yet). */
  deliveryStatus: number | null;
}

type EventRow = { data: SimEvent; delivered_at: Timestamp | null; delivery_status: number | null };
const toStored = (row: EventRow): StoredEvent => ({
  event: row.data,
  deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at),
  deliveryStatus: row.delivery_status,
});

export async function findEvent(q: Queryable, id: string): Promise<StoredEvent | null> {
  const { rows } = await q.query<EventRow>(
    'SELECT data, delivered_at, delivery_status FROM dev_stripe_events WHERE id = $1',
    [id],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

/** Newest first. */
export async function latestEvents(q: Queryable, limit: number): Promise<StoredEvent[]> {
  const { rows } = await q.query<EventRow>(
    'SELECT data, delivered_at, delivery_status FROM dev_stripe_events ORDER BY seq DESC LIMIT $1',
    [limit],
  );
  return rows.map(toStored);
}

export async function recordDelivery(q: Queryable, id: string, status: number | null): Promise<void> {
  await q.query('UPDATE dev_stripe_events SET delivered_at = now(), delivery_status = $2 WHERE id = $1', [
    id,
    status,
  ]);
}
