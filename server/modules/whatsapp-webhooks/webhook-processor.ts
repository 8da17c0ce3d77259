import type { Timestamp } from '../../db/timestamp';
import type { Db, Queryable, Row } from '../../db/types';
import { type BackoffOptions, retryDelayMs } from '../../jobs/backoff';
import { errorText } from '../../jobs/settle';
import { takingTurns } from '../../jobs/taking-turns';
import type { JobLogger } from '../../jobs/worker';
import { storeInboundBatch } from './inbound-batch';
import type { ChangeContext } from './process-change';
import { processWebhookBody, withinTransaction } from './process-webhook-body';
import { LARGE_PAYLOAD_BYTES, webhookArrivals } from './webhook-payloads';

export interface WebhookProcessorOptions {
  db: Db;
  logger?: JobLogger;
  /** Batches in flight at once (PostgreSQL: several share each disk flush; PGlite has one connection). */
  concurrency?: number;
  /** Payloads per transaction. */
  batchSize?: number;
  /** How often to look for payloads this process did not receive (another instance's, retries). */
  pollMs?: number;
  /** How long a large payload is ours before another processor may take it again. */
  leaseMs?: number;
  /** Attempts before a payload is given up on (kept, with its last error, for an operator). */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /**
   * How long a payload naming a number no live connection has is looked at again: Meta writes as
   * soon as the app is subscribed to a number, before connecting has stored it.
   */
  unknownNumberGraceMs?: number;
  /** How often, meanwhile. */
  unknownNumberRetryMs?: number;
}

export interface WebhookProcessor {
  /** Takes nothing more; resolves when what it has taken is done. */
  stop(): Promise<void>;
}

interface ClaimedPayload extends Row {
  id: string;
  body: string;
  received_at: Timestamp;
  /** Attempts before this one. */
  attempts: number;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/** Defaults by database: on PostgreSQL batches in parallel; on PGlite small ones, requests first. */
export function webhookProcessorDefaults(kind: Db['kind']) {
  return kind === 'postgres' ? { concurrency: 4, batchSize: 100 } : { concurrency: 1, batchSize: 20 };
}

const due = `processed_at IS NULL AND failed_at IS NULL AND (locked_until IS NULL OR locked_until <= now())`;

/**
 * Turns stored webhook payloads into customers and conversation, straight from their table: a batch
 * of the oldest small payloads in one transaction (row locks keep other processors, on any instance,
 * off them), what customers sent stored for the whole batch at once (a few statements and one commit
 * per batch is what lets ingestion keep up with Meta's rate), then a large payload under a lease. Safe to run anywhere and twice: every step is idempotent (messages by
 * wamid, statuses forward only), a processed payload is never taken again. When a batch fails (a bad
 * payload, a deadlock between batches) its payloads are retried one by one, so only the bad one waits
 * for its next attempt with backoff, until `maxAttempts`.
 */
export function startWebhookProcessor(options: WebhookProcessorOptions): WebhookProcessor {
  const defaults = webhookProcessorDefaults(options.db.kind);
  const {
    logger = silent,
    concurrency = defaults.concurrency,
    batchSize = defaults.batchSize,
    pollMs = 1_000,
    leaseMs = 5 * 60_000,
    maxAttempts = 12,
    backoff = { baseMs: 5_000, capMs: 60 * 60_000 },
    unknownNumberGraceMs = 2 * 60_000,
    unknownNumberRetryMs = 5_000,
  } = options;
  const db = takingTurns(options.db);
  let stopping = false;
  let wakeIdle: (() => void) | undefined;
  let idle: Promise<void> | undefined;
  // An arrival while every loop is busy: the next loop to go idle looks again at once instead (its
  // last look may have started before that payload committed).
  let missed = false;

  const wake = () => {
    if (wakeIdle) wakeIdle();
    else missed = true;
  };
  const unsubscribe = webhookArrivals.subscribe(wake);

  function rest(): Promise<void> {
    if (missed) {
      missed = false;
      return Promise.resolve();
    }
    if (!idle) {
      idle = new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          idle = undefined;
          wakeIdle = undefined;
          resolve();
        }
        wakeIdle = done;
      });
    }
    return idle;
  }

  /** Whether a payload that named an unknown number should wait for it rather than be done with. */
  const waitsForNumber = (result: { unknownTenant: boolean }, receivedAt: Timestamp) =>
    result.unknownTenant && Date.now() - Date.parse(receivedAt) < unknownNumberGraceMs;

  /** Not an attempt: `claimed` gives back the one a lease counted. */
  async function lookAgainLater(q: Queryable, ids: string[], claimed = 0) {
    if (ids.length === 0) return;
    await q.query(
      `UPDATE whatsapp_webhook_payloads
          SET locked_until = now() + $2::int * interval '1 millisecond', attempts = attempts - $3::int
        WHERE id = ANY($1::uuid[]) AND processed_at IS NULL`,
      [ids, unknownNumberRetryMs, claimed],
    );
  }

  /** `counted`: the attempt was already counted when the payload was leased. */
  async function markProcessed(q: Queryable, ids: string[], counted = false) {
    if (ids.length === 0) return;
    await q.query(
      `UPDATE whatsapp_webhook_payloads
          SET processed_at = now(), attempts = attempts + $2::int, locked_until = NULL, last_error = NULL
        WHERE id = ANY($1::uuid[]) AND processed_at IS NULL`,
      [ids, counted ? 0 : 1],
    );
  }

  /** `attempts`: how many there have been, this failed one included. */
  async function recordFailure(id: string, attempts: number, error: unknown) {
    const givenUp = attempts >= maxAttempts;
    await db.query(
      `UPDATE whatsapp_webhook_payloads
          SET attempts = $2, last_error = $3, locked_until = now() + $4::int * interval '1 millisecond',
              failed_at = CASE WHEN $5 THEN now() ELSE NULL END
        WHERE id = $1 AND processed_at IS NULL`,
      [id, attempts, errorText(error), retryDelayMs(attempts, backoff), givenUp],
    );
    logger.error({ err: error, payloadId: id, attempts, givenUp }, 'whatsapp webhook: payload failed');
  }

  /** The oldest due small payloads, processed and marked in one transaction; their ids. */
  async function batch(): Promise<{ ids: string[]; failed?: unknown }> {
    let ids: string[] = [];
    try {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<ClaimedPayload>(
          `SELECT id, body, received_at, attempts FROM whatsapp_webhook_payloads
            WHERE ${due} AND bytes <= ${LARGE_PAYLOAD_BYTES}
            ORDER BY received_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batchSize],
        );
        ids = rows.map((row) => row.id);
        if (rows.length === 0) return;
        const inner = withinTransaction(tx, db.kind);
        const gathered: Required<Pick<ChangeContext, 'connections' | 'inbound'>> = {
          connections: new Map(),
          inbound: [],
        };
        const waiting: string[] = [];
        for (const row of rows) {
          const result = await processWebhookBody(
            inner,
            row.body,
            new Date(row.received_at),
            logger,
            gathered,
          );
          if (waitsForNumber(result, row.received_at)) waiting.push(row.id);
        }
        await storeInboundBatch(tx, gathered.inbound, logger);
        await markProcessed(
          tx,
          ids.filter((id) => !waiting.includes(id)),
        );
        await lookAgainLater(tx, waiting);
      });
      return { ids };
    } catch (failed) {
      return { ids, failed };
    }
  }

  /** One payload of a failed batch, alone. */
  async function single(id: string) {
    let attempts: number | undefined;
    try {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<ClaimedPayload>(
          `SELECT id, body, received_at, attempts FROM whatsapp_webhook_payloads
            WHERE id = $1 AND ${due} FOR UPDATE SKIP LOCKED`,
          [id],
        );
        const row = rows[0];
        if (!row) return;
        attempts = row.attempts;
        const result = await processWebhookBody(
          withinTransaction(tx, db.kind),
          row.body,
          new Date(row.received_at),
          logger,
        );
        if (waitsForNumber(result, row.received_at)) await lookAgainLater(tx, [id]);
        else await markProcessed(tx, [id]);
      });
    } catch (error) {
      // Failed before its row was read (the database itself): the next round tries again.
      if (attempts === undefined) throw error;
      await recordFailure(id, attempts + 1, error);
    }
  }

  /** The oldest due large payload, under a lease, processed item by item; whether there was one. */
  async function large(): Promise<boolean> {
    const { rows } = await db.query<ClaimedPayload>(
      `UPDATE whatsapp_webhook_payloads
          SET locked_until = now() + $1::int * interval '1 millisecond', attempts = attempts + 1
        WHERE id = (SELECT id FROM whatsapp_webhook_payloads
                     WHERE ${due} AND bytes > ${LARGE_PAYLOAD_BYTES}
                     ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, body, received_at, attempts`,
      [leaseMs],
    );
    const row = rows[0];
    if (!row) return false;
    try {
      const result = await processWebhookBody(db, row.body, new Date(row.received_at), logger);
      if (waitsForNumber(result, row.received_at)) {
        await lookAgainLater(db, [row.id], 1);
        return true;
      }
      await markProcessed(db, [row.id], true);
    } catch (error) {
      await recordFailure(row.id, row.attempts, error);
    }
    return true;
  }

  async function round(): Promise<number> {
    const { ids, failed } = await batch();
    if (failed !== undefined) {
      if (ids.length === 0) throw failed;
      logger.warn({ err: failed, payloads: ids.length }, 'whatsapp webhook: batch failed; one by one');
      for (const id of ids) await single(id);
    }
    return ids.length + ((await large()) ? 1 : 0);
  }

  async function loop() {
    while (!stopping) {
      let done = 0;
      try {
        done = await round();
      } catch (err) {
        logger.error({ err }, 'whatsapp webhook: processing round failed; retrying at the next poll');
      }
      if (done === 0 && !stopping) await rest();
    }
  }

  const loops = Array.from({ length: Math.max(1, concurrency) }, loop);
  return {
    async stop() {
      stopping = true;
      unsubscribe();
      wake();
      await Promise.all(loops);
    },
  };
}
