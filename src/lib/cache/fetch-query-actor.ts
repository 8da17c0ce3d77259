import {
  CancelledError,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { fromPromise } from 'xstate';

/**
 * A chart's load through the data cache: its retries (a view shows them with <QueryLoading>), its
 * cached answer. "Tentar agora" (retryQueryNow) cancels the fetch waiting out a retry and starts
 * another at once; the load then waits for that one instead of failing.
 */
export function fetchQueryActor<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
) {
  return fromPromise<TData>(async ({ signal }) => {
    for (;;) {
      try {
        return await queryClient.fetchQuery(options);
      } catch (error) {
        const retriedNow = error instanceof CancelledError && error.revert === true;
        if (!retriedNow || signal.aborted) throw error;
      }
    }
  });
}
