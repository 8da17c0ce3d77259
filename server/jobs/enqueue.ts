import type { Queryable } from '../db/types';
import { JOBS_CHANNEL } from './channel';
import { type Job, type JobRow, toJob } from './job';

export interface EnqueueInput<P = unknown> {
  kind: string;
  payload?: P;
  /** Omit for system jobs. */
  companyId?: string | null;
  /** Not before this moment; now when omitted. */
  runAt?: Date;
  /** Attempts before the job is given up as failed (default 5). */
  maxAttempts?: number;
  /**
   * One job per key, ever: a second enqueue with the same key returns the first job, whatever its
   * status. Keys are global, so make them specific, e.g. `followup.send:<messageId>`.
   */
  idempotencyKey?: string;
}

/**
 * Adds a job. Pass the caller's transaction (`tx`) to commit the job together with the command
 * that caused it; on PGlite that is required inside a transaction, since it has one connection.
 * Workers are woken by a NOTIFY that, inside a transaction, goes out only on commit.
 */
export async function enqueue<P = unknown>(
  q: Queryable,
  input: EnqueueInput<P>,
): Promise<{ job: Job<P>; created: boolean }> {
  const inserted = await q.query<JobRow>(
    `INSERT INTO jobs (company_id, kind, payload, run_at, max_attempts, idempotency_key)
     VALUES ($1, $2, $3::jsonb, COALESCE($4::timestamptz, now()), $5, $6)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *`,
    [
      input.companyId ?? null,
      input.kind,
      JSON.stringify(input.payload ?? {}),
      input.runAt ?? null,
      input.maxAttempts ?? 5,
      input.idempotencyKey ?? null,
    ],
  );
  const row = inserted.rows[0];
  if (row) {
    if (!input.runAt || input.runAt.getTime() <= Date.now()) {
      await q.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, input.kind]);
    }
    return { job: toJob<P>(row), created: true };
  }

  const existing = (
    await q.query<JobRow>('SELECT * FROM jobs WHERE idempotency_key = $1', [input.idempotencyKey])
  ).rows[0];
  if (!existing) throw new Error(`job with idempotency key "${input.idempotencyKey}" vanished`);
  if (existing.kind !== input.kind) {
    throw new Error(
      `idempotency key "${input.idempotencyKey}" already belongs to a "${existing.kind}" job, not "${input.kind}"`,
    );
  }
  return { job: toJob<P>(existing), created: false };
}
