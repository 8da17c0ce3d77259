import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { type PlanId, startCheckoutContract } from '../../../contracts/billing';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { fetchQueryActor } from '../../lib/cache/fetch-query-actor';
import { paywallQuery } from './paywall-query';

/** The checkout chart's calls: the paywall's init data (through the cache) and POST checkout. */
export function createCheckoutActors(queryClient: QueryClient) {
  return {
    loadPaywall: fetchQueryActor(queryClient, paywallQuery),
    startCheckout: fromPromise<{ url: string }, { planId: PlanId }>(async ({ input, signal }) =>
      unwrapEnvelope(
        await api.post(startCheckoutContract.url, {
          body: { planId: input.planId },
          schema: startCheckoutContract.response,
          signal,
        }),
      ),
    ),
  };
}
