import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../lib/cache/invalidate-after';

/**
 * After any change to a task: every task query (lists, counts, details, follow-ups) and the
 * dashboard are stale. `keep`: queries of a page about to close that must not be fetched again
 * meanwhile (a deleted task's detail would answer 404 on the screen that deleted it); they are
 * dropped from the cache instead.
 */
export async function invalidateTaskData(
  queryClient: QueryClient,
  keep: ReadonlyArray<readonly unknown[]> = [],
): Promise<void> {
  // Removed first: what is no longer in the cache is not fetched again.
  for (const key of keep) queryClient.removeQueries({ queryKey: key, exact: true });
  await invalidateAfter(queryClient, 'task');
}
