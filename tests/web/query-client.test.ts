import { onlineManager } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import { ApiError, isClientError } from '../../src/api/api-error';
import { api } from '../../src/api/client';
import { unwrapEnvelope } from '../../src/api/unwrap-envelope';
import {
  branchLinkQueryTiming,
  cacheTime,
  createQueryClient,
  exponentialBackoff,
  inviteConfigQueryTiming,
  onboardingStatusQueryTiming,
  retryUpTo,
  servicesQueryTiming,
  sessionQueryTiming,
} from '../../src/lib/cache/query-client';
import { interceptFetch, json } from './support/network';

const failure = (status?: number) => new ApiError({ success: false, error: 'x', status });

describe('query defaults (spec §9)', () => {
  test('at most 3 retries, never on a 400–499', () => {
    const retry = retryUpTo(3);
    expect([0, 1, 2, 3].map((count) => retry(count, failure(500)))).toEqual([true, true, true, false]);
    expect([400, 401, 404, 429, 499].map((status) => retry(0, failure(status)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(retry(0, failure(undefined))).toBe(true); // no answer: the network may come back
    expect(retry(0, new Error('boom'))).toBe(true);
    expect(isClientError(failure(404))).toBe(true);
    expect(isClientError(failure(500))).toBe(false);
  });

  test('data is stale at once', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(0);
  });

  test.each([
    [404, 1],
    [500, 4],
  ])('a query answered %i is asked %i time(s)', async (status, times) => {
    const network = interceptFetch(() => json({ success: false, error: 'Falhou' }, status));
    const client = createQueryClient();
    const query = client.fetchQuery({
      queryKey: ['x', status],
      queryFn: ({ signal }) => api.get('/api/x', { signal }).then(unwrapEnvelope),
      retryDelay: 0,
    });
    await expect(query).rejects.toMatchObject({ name: 'ApiError', message: 'Falhou', status });
    expect(network.fetch).toHaveBeenCalledTimes(times);
  });

  test('offline, a change is tried at once and says so; a query waits for the connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const network = interceptFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createQueryClient();
    const change = client
      .getMutationCache()
      .build(client, { mutationFn: () => api.post('/api/x').then(unwrapEnvelope) });
    await expect(change.execute(undefined)).rejects.toMatchObject({
      message: 'Você está sem internet. Verifique sua conexão e tente de novo.',
      code: 'NETWORK_ERROR',
    });
    expect(network.fetch).toHaveBeenCalledTimes(1);

    const query = client.fetchQuery({
      queryKey: ['offline'],
      queryFn: ({ signal }) => api.get('/api/x', { signal }).then(unwrapEnvelope),
    });
    query.catch(() => {});
    await Promise.resolve();
    expect(client.getQueryState(['offline'])?.fetchStatus).toBe('paused');
    expect(network.fetch).toHaveBeenCalledTimes(1);
  });

  test('unwrapEnvelope gives the data of a success', () => {
    expect(unwrapEnvelope({ success: true, data: { a: 1 } })).toEqual({ a: 1 });
    expect(() => unwrapEnvelope({ success: false, error: 'Nope', code: 'NOT_FOUND', status: 404 })).toThrow(
      ApiError,
    );
  });

  test('timing presets', () => {
    expect(cacheTime).toEqual({ frequent: 30_000, infrequent: 300_000, garbage: 600_000, none: 0 });
    expect(sessionQueryTiming).toMatchObject({ staleTime: 300_000, gcTime: 600_000 });
    expect([0, 1].map((count) => sessionQueryTiming.retry(count, failure(500)))).toEqual([true, false]);
    expect(onboardingStatusQueryTiming.staleTime).toBe(30_000);
    expect(servicesQueryTiming.staleTime).toBe(300_000);
    expect([0, 2, 3].map((count) => inviteConfigQueryTiming.retry(count, failure(503)))).toEqual([
      true,
      true,
      false,
    ]);
    expect([0, 1, 2, 5, 10].map(exponentialBackoff)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(branchLinkQueryTiming.staleTime).toBe(Number.POSITIVE_INFINITY);
  });
});
