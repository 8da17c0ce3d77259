import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

/**
 * How fast one number may send (../shared/whatsapp-cloud-api.md, Sending): its throughput and the
 * pair rate to one recipient. Kept by the dispatcher so Meta never has to refuse (130429, 131056).
 */
export interface SendPacing {
  /** Messages per second a Cloud API number may send (Meta's default 80). */
  perSecond: number;
  /** The same for a number shared with the Business app (20). */
  coexistencePerSecond: number;
  /** At most one message per this long from one number to one recipient (about 6 s). */
  pairIntervalMs: number;
  /** A send slot further away than this is not waited for: the job is queued again for it. */
  maxSlotWaitMs: number;
}

export const DEFAULT_SEND_PACING: SendPacing = {
  perSecond: 80,
  coexistencePerSecond: 20,
  pairIntervalMs: 6_000,
  maxSlotWaitMs: 2_000,
};

/** Slots are spaced for 90% of the limit, so clock skew and jitter stay under Meta's count. */
const HEADROOM = 0.9;

export function slotSpacingMs(pacing: SendPacing, mode: 'cloud_api' | 'coexistence'): number {
  const limit = mode === 'coexistence' ? pacing.coexistencePerSecond : pacing.perSecond;
  return 1000 / (limit * HEADROOM);
}

export type SlotReservation =
  /** Send after waiting this long. */
  | { kind: 'slot'; waitMs: number }
  /** The next free slot is too far away: try again at `at`. */
  | { kind: 'later'; at: Date }
  /** The connection does not send now (not connected any more). */
  | { kind: 'not_connected' };

/**
 * Reserves the connection's next send slot: one UPDATE … RETURNING on its own (not inside a longer
 * transaction), so every instance's dispatcher shares the number's slots and none holds the row.
 */
export async function reserveSendSlot(
  db: Queryable,
  connectionId: string,
  spacingMs: number,
  maxWaitMs: number,
): Promise<SlotReservation> {
  const { rows } = await db.query<{ wait_ms: number }>(
    `UPDATE whatsapp_connections
        SET next_send_slot_at = GREATEST(coalesce(next_send_slot_at, clock_timestamp()), clock_timestamp())
                                + $2::float8 * interval '1 millisecond'
      WHERE id = $1 AND status = 'connected'
        AND coalesce(next_send_slot_at, clock_timestamp()) <= clock_timestamp() + $3::float8 * interval '1 millisecond'
      RETURNING GREATEST(0, extract(epoch FROM next_send_slot_at - clock_timestamp()) * 1000 - $2::float8)::float8 AS wait_ms`,
    [connectionId, spacingMs, maxWaitMs],
  );
  if (rows[0]) return { kind: 'slot', waitMs: Number(rows[0].wait_ms) };
  const current = await db.query<{ status: string; next: Timestamp | null }>(
    'SELECT status, next_send_slot_at AS next FROM whatsapp_connections WHERE id = $1',
    [connectionId],
  );
  const row = current.rows[0];
  if (row?.status !== 'connected' || row.next === null) return { kind: 'not_connected' };
  return { kind: 'later', at: new Date(row.next) };
}

/**
 * When the pair rate lets this number send to `recipient` again: null when it may now. Counts only
 * attempts Meta did not refuse (a refused one sent nothing). Call with the customer row locked, so
 * two sends to one person are decided one after the other.
 */
export async function pairFreeAt(
  tx: Queryable,
  connectionId: string,
  recipient: string,
  pairIntervalMs: number,
): Promise<Date | null> {
  const { rows } = await tx.query<{ free_at: Timestamp | null; now: Timestamp }>(
    `SELECT max(created_at) + $3::float8 * interval '1 millisecond' AS free_at, clock_timestamp() AS now
       FROM whatsapp_send_attempts
      WHERE connection_id = $1 AND recipient = $2 AND outcome IS DISTINCT FROM 'refused'`,
    [connectionId, recipient, pairIntervalMs],
  );
  const row = rows[0];
  if (!row?.free_at) return null;
  const free = new Date(row.free_at);
  return free.getTime() > new Date(row.now).getTime() ? free : null;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
