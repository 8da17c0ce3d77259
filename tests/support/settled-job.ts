import type { Queryable } from '../../server/db/types';
import { waitFor } from './db';

export interface SettledJob {
  status: 'succeeded' | 'failed';
  attempts: number;
  last_error: string | null;
}

/** Waits until job `id` has succeeded or failed for good, and answers how it ended. */
export function settledJob(db: Queryable, id: string): Promise<SettledJob> {
  return waitFor(
    async () => {
      const { rows } = await db.query<{ status: string; attempts: number; last_error: string | null }>(
        'SELECT status, attempts, last_error FROM jobs WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row && (row.status === 'succeeded' || row.status === 'failed') ? (row as SettledJob) : null;
    },
    { what: `job ${id} to finish` },
  );
}
