import type { Queryable } from '../db/types';
import { type Job, type JobRow, toJob } from './job';

export interface ClaimOptions {
  /** How long the job is ours. Past it, another worker may take it (we are presumed dead). */
  leaseMs?: number;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;

/**
 * Takes up to `limit` due jobs of the given kinds for `workerId` and counts the attempt. Rows other
 * workers are claiming right now are skipped (FOR UPDATE SKIP LOCKED), so two claimers never get
 * the same job. A running job whose lease has run out is due again; on its last attempt it is
 * marked failed instead.
 */
export async function claim(
  q: Queryable,
  workerId: string,
  kinds: readonly string[],
  limit: number,
  { leaseMs = DEFAULT_LEASE_MS }: ClaimOptions = {},
): Promise<Job[]> {
  if (kinds.length === 0 || limit <= 0) return [];

  await q.query(
    `UPDATE jobs
     SET status = 'failed', locked_by = NULL, locked_until = NULL, finished_at = now(),
         last_error = 'lease expired on the last attempt: the worker stopped or overran its lease'
     WHERE kind = ANY($1::text[]) AND status = 'running' AND locked_until < now()
       AND attempts >= max_attempts`,
    [kinds],
  );

  const { rows } = await q.query<JobRow>(
    `UPDATE jobs AS j
     SET status = 'running',
         attempts = j.attempts + 1,
         locked_by = $1,
         locked_until = now() + $4::float8 * interval '1 millisecond',
         last_error = CASE WHEN j.status = 'running'
                           THEN 'lease expired: the worker stopped or overran its lease'
                           ELSE j.last_error END
     FROM (
       SELECT id FROM jobs
       WHERE kind = ANY($2::text[])
         AND ((status = 'queued' AND run_at <= now())
           OR (status = 'running' AND locked_until < now() AND attempts < max_attempts))
       ORDER BY run_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     ) AS due
     WHERE j.id = due.id
     RETURNING j.*`,
    [workerId, kinds, limit, leaseMs],
  );
  return rows.map((row) => toJob(row)).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}
