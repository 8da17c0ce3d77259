import type { QueryClient } from '@tanstack/react-query';
import { taskKeys } from './task-queries';

/** The home page's dashboard counts tasks too (features/home keeps it under this key). */
const DASHBOARD_KEY = ['dashboard'] as const;

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
  const kept = (key: readonly unknown[]) =>
    keep.some((k) => k.length === key.length && k.every((part, i) => part === key[i]));
  for (const key of keep) queryClient.removeQueries({ queryKey: key, exact: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all, predicate: (query) => !kept(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}
