import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Fetches a query again at once. A query still loading its first answer waits out its retry
 * backoff even when asked to refetch (TanStack Query joins the fetch under way), so that fetch is
 * cancelled first (back to "not fetched yet", not an error) and a new one starts: by the page's
 * observers, or by a chart's load (fetchQueryActor) that waits for it.
 */
export async function retryQueryNow(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  await queryClient.refetchQueries({ queryKey, exact: true });
}
