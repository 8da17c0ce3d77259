import type { Queryable } from '../db/types';
import { type BackoffOptions, retryDelayMs } from './backoff';
import { type Job, type JobRow, toJob } from './job';

/*
 * Both functions only touch the job while the caller still holds the lease it claimed: same worker,
 * same attempt. Otherwise they return null — the lease ran out and another worker has the job now.
 */
const ownLease = `id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3`;

export async function complete(q: Queryable, job: Job): Promise<Job | null> {
  const { rows } = await q.query<JobRow>(
    `UPDATE jobs
     SET status = 'succeeded', locked_by = NULL, locked_until = NULL, finished_at = now()
     WHERE ${ownLease}
     RETURNING *`,
    [job.id, job.lockedBy, job.attempts],
  );
  return rows[0] ? toJob(rows[0]) : null;
}

export interface FailOptions {
  backoff?: BackoffOptions;
  /** Do not retry, whatever the attempts left. */
  permanent?: boolean;
}

const MAX_ERROR_CHARS = 2_000;

/** Records the error; queues the job again after a backoff, or marks it failed on its last attempt. */
export async function fail(
  q: Queryable,
  job: Job,
  error: unknown,
  { backoff, permanent = false }: FailOptions = {},
): Promise<Job | null> {
  const { rows } = await q.query<JobRow>(
    `UPDATE jobs
     SET status = CASE WHEN $5::boolean OR attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
         run_at = CASE WHEN $5::boolean OR attempts >= max_attempts THEN run_at
                       ELSE now() + $6::float8 * interval '1 millisecond' END,
         finished_at = CASE WHEN $5::boolean OR attempts >= max_attempts THEN now() END,
         last_error = $4, locked_by = NULL, locked_until = NULL
     WHERE ${ownLease}
     RETURNING *`,
    [job.id, job.lockedBy, job.attempts, errorText(error), permanent, retryDelayMs(job.attempts, backoff)],
  );
  return rows[0] ? toJob(rows[0]) : null;
}

/** An error as kept in a row: its name and message, capped. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}
