import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types';

/**
 * Payloads up to this size (one message or a few: nearly every delivery) are processed many to a
 * transaction; larger ones (history chunks, big batches) alone, a short transaction per item, so none
 * holds the database for long.
 */
export const LARGE_PAYLOAD_BYTES = 65_536;

type Arrival = () => void;
const listeners = new Set<Arrival>();

/**
 * The processors of this process hear at once of a payload stored here; those of other instances
 * find it at their next poll. In-process on purpose: a NOTIFY per delivery would make every POST's
 * commit wait on PostgreSQL's notification queue.
 */
export const webhookArrivals = {
  subscribe(listener: Arrival): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  announce(): void {
    for (const listener of listeners) listener();
  },
};

interface Waiting {
  id: string;
  body: string;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

/**
 * Stores signed POSTs exactly as received. The sender gets its 200 only once its payload is
 * committed, so each needs a commit; deliveries that arrive while one insert is being committed
 * share the next one (group commit: the first waits for nobody, the rest for one round at most).
 * If a shared insert fails, each of its payloads is tried alone, so one bad body fails only itself.
 */
export function webhookPayloadIntake(db: Queryable) {
  let queue: Waiting[] = [];
  let flushing = false;

  async function insert(batch: Waiting[]) {
    await db.query(
      'INSERT INTO whatsapp_webhook_payloads (id, body) SELECT * FROM unnest($1::uuid[], $2::text[])',
      [batch.map((w) => w.id), batch.map((w) => w.body)],
    );
  }

  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await insert(batch);
        for (const waiting of batch) waiting.resolve(waiting.id);
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else {
          for (const waiting of batch) {
            await insert([waiting]).then(
              () => waiting.resolve(waiting.id),
              (alone) => waiting.reject(alone),
            );
          }
        }
      }
      webhookArrivals.announce();
    }
    flushing = false;
  }

  return {
    /** Resolves with the payload's id once it is committed. */
    store(body: string): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        queue.push({ id: randomUUID(), body, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}

/** Payloads not yet processed nor given up on (tests and operators wait for none). */
export async function openWebhookPayloads(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ open: number }>(
    'SELECT count(*)::int AS open FROM whatsapp_webhook_payloads WHERE processed_at IS NULL AND failed_at IS NULL',
  );
  return rows[0]!.open;
}
