import type { FastifyBaseLogger } from 'fastify';
import type { Timestamp } from '../../../db/timestamp';
import type { Db, Queryable } from '../../../db/types';
import { retryDelayMs } from '../../../jobs/backoff';
import { WHATSAPP_SIGNATURE_HEADER, whatsappSignature } from '../webhook-signature';
import type { WebhookEnvelope } from './envelopes';
import { metaJson } from './meta-json';

export interface WebhookEmitterOptions {
  db: Db;
  /** The app secret the bodies are signed with. */
  secret: () => Promise<string>;
  /** Where they are POSTed (the app's /webhooks/whatsapp). */
  url: () => string;
  /** First retry delay after a non-200; doubles up to `retryCapMs`. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** How long a claimed delivery is held by the instance sending it before another may retry it. */
  leaseMs?: number;
  /** How often pending deliveries are looked for when nothing told this instance about one. */
  idleMs?: number;
  log?: FastifyBaseLogger;
}

export interface WebhookEmitter {
  /**
   * Serialises the envelope once (as Meta does, see metaJson) and queues that exact body `copies`
   * times; each copy is signed and sent on its own. Bodies queued in one call go out in order,
   * none before `delayMs` has passed.
   */
  emit(
    envelopes: WebhookEnvelope | WebhookEnvelope[],
    copies?: number,
    options?: { delayMs?: number },
  ): Promise<void>;
  /** Looks for due deliveries now. */
  kick(): void;
  /** Stops the timer and waits for the delivery in flight. */
  close(): Promise<void>;
}

export interface DeliveryRow {
  id: string;
  body: string;
  attempts: number;
  lastStatus: number | null;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
}

const TIMEOUT_MS = 10_000;
const CLAIM_BATCH = 20;
/** Meta retries for up to 7 days; so does the simulator, then it gives up on the body. */
const GIVE_UP = "interval '7 days'";

/**
 * The simulator's webhook sender: bodies wait in dev_whatsapp_deliveries until the app answers 200,
 * retried with exponential backoff. Any instance may send any due body: a claim takes it with
 * FOR UPDATE SKIP LOCKED and leases it (pushes next_attempt_at), so two instances never send one
 * attempt twice, and a body whose sender died is retried when the lease runs out.
 */
export function createWebhookEmitter(options: WebhookEmitterOptions): WebhookEmitter {
  const { db } = options;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryCapMs = options.retryCapMs ?? 5 * 60_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const idleMs = options.idleMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function claim(): Promise<{ id: string; body: string; attempts: number }[]> {
    const { rows } = await db.query<{ id: string; body: string; attempts: number; seq: string }>(
      `UPDATE dev_whatsapp_deliveries
          SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM dev_whatsapp_deliveries
           WHERE delivered_at IS NULL AND next_attempt_at <= now() AND created_at > now() - ${GIVE_UP}
           ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, body, attempts, seq`,
      [leaseMs, CLAIM_BATCH],
    );
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  async function send(body: string, secret: string): Promise<number | null> {
    try {
      const response = await fetch(options.url(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WHATSAPP_SIGNATURE_HEADER]: whatsappSignature(body, secret),
          'user-agent': 'facebookexternalua',
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return null;
    }
  }

  async function drain(): Promise<void> {
    const secret = await options.secret();
    for (;;) {
      const due = await claim();
      if (due.length === 0) return;
      for (const delivery of due) {
        const status = await send(delivery.body, secret);
        if (status === 200) {
          await db.query(
            'UPDATE dev_whatsapp_deliveries SET delivered_at = now(), last_status = 200 WHERE id = $1',
            [delivery.id],
          );
        } else {
          const delay = retryDelayMs(delivery.attempts, { baseMs: retryBaseMs, capMs: retryCapMs });
          await db.query(
            `UPDATE dev_whatsapp_deliveries
                SET last_status = $2, next_attempt_at = now() + $3 * interval '1 millisecond'
              WHERE id = $1`,
            [delivery.id, status, delay],
          );
          options.log?.info(
            { status, attempt: delivery.attempts },
            'whatsapp simulator: webhook not accepted',
          );
        }
      }
    }
  }

  /** Milliseconds until the next pending delivery is due (capped at idleMs). */
  async function nextDueMs(): Promise<number> {
    const { rows } = await db.query<{ ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000)::float8 AS ms
         FROM dev_whatsapp_deliveries WHERE delivered_at IS NULL AND created_at > now() - ${GIVE_UP}`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? idleMs : Math.min(idleMs, Math.max(0, Math.ceil(ms)));
  }

  function schedule(ms: number) {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(kick, ms);
    timer.unref();
  }

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      for (;;) {
        again = false;
        try {
          await drain();
        } catch (err) {
          options.log?.error({ err }, 'whatsapp simulator: webhook delivery failed');
        }
        if (closed) return;
        if (again) continue;
        const ms = await nextDueMs().catch(() => idleMs);
        // A body queued while the next due time was being read may be missing from it: read again,
        // rather than sleep past it for up to idleMs.
        if (again) continue;
        schedule(ms);
        return;
      }
    })().finally(() => {
      running = undefined;
    });
  }

  async function insert(q: Queryable, bodies: string[], delayMs: number) {
    // One row at a time: each takes the next seq, so bodies queued together go out in this order.
    for (const body of bodies)
      await q.query(
        `INSERT INTO dev_whatsapp_deliveries (body, next_attempt_at)
         VALUES ($1, now() + $2 * interval '1 millisecond')`,
        [body, delayMs],
      );
  }

  // Bodies left from before a restart.
  schedule(0);

  return {
    async emit(envelopes, copies = 1, { delayMs = 0 } = {}) {
      const list = Array.isArray(envelopes) ? envelopes : [envelopes];
      const bodies = list.flatMap((one) => {
        const body = metaJson(one);
        return Array.from({ length: copies }, () => body);
      });
      await db.transaction((tx) => insert(tx, bodies, delayMs));
      kick();
    },
    kick,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}

type DeliveryDbRow = {
  id: string;
  body: string;
  attempts: number;
  last_status: number | null;
  delivered_at: Timestamp | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
};

/** The latest deliveries, newest first (the page and the control API show them). */
export async function latestDeliveries(q: Queryable, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await q.query<DeliveryDbRow>(
    'SELECT * FROM dev_whatsapp_deliveries ORDER BY seq DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    attempts: row.attempts,
    lastStatus: row.last_status,
    deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
    nextAttemptAt: new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  }));
}
