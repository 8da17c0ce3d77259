import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route's data prefetch whose query module is downloaded on demand (`load` is a dynamic import),
 * so the features' schemas stay out of the entry chunk every first visit downloads. The page may
 * have asked for the same data while the module came: then its call, under way or just answered,
 * serves, and nothing is asked twice.
 */
export async function prefetchLazily<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  load: () => Promise<FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>>,
): Promise<void> {
  const asked = Date.now();
  const query = await load();
  const state = queryClient.getQueryState(query.queryKey);
  const answeredSince = state && Math.max(state.dataUpdatedAt, state.errorUpdatedAt) >= asked;
  if (state?.fetchStatus === 'fetching' || answeredSince) return;
  await queryClient.prefetchQuery(query);
}
