import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../../api/api-error';

/** Spec §9 cache timings, in milliseconds. */
export const cacheTime = {
  frequent: 30_000,
  infrequent: 300_000,
  garbage: 600_000,
  none: 0,
} as const;

const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s… doubling per attempt, never more than 30 s (TanStack passes the failures so far). */
export function exponentialBackoff(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/** Retries a failed query up to `times`, but never a 4xx: asking again gives the same answer. */
export function retryUpTo(times: number) {
  return (failureCount: number, error: unknown): boolean => failureCount < times && !isClientError(error);
}

/** Session check: fresh 5 min, kept 10 min, 1 retry with backoff capped at 30 s. */
export const sessionQueryTiming = {
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: retryUpTo(1),
  retryDelay: exponentialBackoff,
} as const;

export const onboardingStatusQueryTiming = { staleTime: cacheTime.frequent } as const;

export const servicesQueryTiming = { staleTime: cacheTime.infrequent } as const;

/** Invite page and remote config: 3 retries, 1000 ms doubling per attempt, capped at 30 s. */
export const inviteConfigQueryTiming = { retry: retryUpTo(3), retryDelay: exponentialBackoff } as const;

/** A referral (branch) link never changes once made. */
export const branchLinkQueryTiming = { staleTime: Number.POSITIVE_INFINITY } as const;

/** Spec §9: a query is retried at most this many times (the loading view counts them). */
export const QUERY_RETRIES = 3;

/**
 * Spec §9 defaults: at most 3 retries, none on a 4xx; data is stale at once. Offline, a query
 * waits for the connection (the loading view says so); a change the user asks for is tried at
 * once instead, so it fails with "Você está sem internet…" rather than hanging on its button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryUpTo(QUERY_RETRIES), retryDelay: exponentialBackoff, staleTime: cacheTime.none },
      mutations: { networkMode: 'always' },
    },
  });
}
