import { type PruneAuthResult, pruneAuth } from '../../auth/prune-auth';
import type { Queryable } from '../../db/types';
import { pruneIdempotencyKeys } from '../../http/idempotency';
import { pruneRateLimits } from '../../http/rate-limit-store';
import type { JobHandler } from '../../jobs/worker';

export const PRUNE_JOB = 'maintenance.prune';

/** How long rows are kept. Queued and running jobs are never pruned, however old. */
export const RETENTION = {
  succeededJobsDays: 7,
  failedJobsDays: 30,
  clientErrorsDays: 30,
  devOutboxDays: 7,
  /** WhatsApp webhook payloads once processed (their content lives on in the conversation). */
  processedWebhooksDays: 7,
  /** Payloads given up on, kept for an operator to put back in line. */
  failedWebhooksDays: 30,
} as const;

export interface PruneResult extends PruneAuthResult {
  succeededJobs: number;
  failedJobs: number;
  clientErrors: number;
  /** Messages the dev outbox kept (e-mails and SMS not sent for real). */
  devOutbox: number;
  /** WhatsApp webhook payloads processed or given up on long enough ago; unprocessed ones stay. */
  webhookPayloads: number;
  /** Rate-limit counters whose window is over (they already count as absent). */
  rateLimits: number;
  /** Idempotency-Key answers older than a day (IDEMPOTENCY_KEY_RETENTION_HOURS). */
  idempotencyKeys: number;
}

/** Deletes what has outlived its retention. Idempotent: a second run finds nothing more to delete. */
export async function prune(db: Queryable): Promise<PruneResult> {
  const deleteJobs = (status: 'succeeded' | 'failed', days: number) =>
    db.query(`DELETE FROM jobs WHERE status = $1 AND finished_at < now() - make_interval(days => $2)`, [
      status,
      days,
    ]);
  const succeeded = await deleteJobs('succeeded', RETENTION.succeededJobsDays);
  const failed = await deleteJobs('failed', RETENTION.failedJobsDays);
  const errors = await db.query(
    'DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)',
    [RETENTION.clientErrorsDays],
  );
  const outbox = await db.query(
    'DELETE FROM dev_outbox WHERE created_at < now() - make_interval(days => $1)',
    [RETENTION.devOutboxDays],
  );
  const payloads = await db.query(
    `DELETE FROM whatsapp_webhook_payloads
      WHERE processed_at < now() - make_interval(days => $1) OR failed_at < now() - make_interval(days => $2)`,
    [RETENTION.processedWebhooksDays, RETENTION.failedWebhooksDays],
  );
  return {
    succeededJobs: succeeded.rowCount,
    failedJobs: failed.rowCount,
    clientErrors: errors.rowCount,
    devOutbox: outbox.rowCount,
    webhookPayloads: payloads.rowCount,
    rateLimits: await pruneRateLimits(db),
    idempotencyKeys: await pruneIdempotencyKeys(db),
    ...(await pruneAuth(db)),
  };
}

export const pruneHandler: JobHandler = async (_job, { db, logger }) => {
  const result = await prune(db);
  logger.info({ ...result }, 'maintenance: pruned old rows');
};
