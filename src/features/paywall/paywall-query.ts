import { queryOptions } from '@tanstack/react-query';
import { getPaywallContract } from '../../../contracts/billing';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { billingQueryKeys } from '../../lib/billing/billing-query-keys';
import { cacheTime } from '../../lib/cache/query-client';

/**
 * GET /api/paywall (spec §7 "GET paywall init"): plans, what they include, why the paywall shows.
 * Fresh for 30 s, so the route's prefetch serves the page that follows it.
 */
export const paywallQuery = queryOptions({
  queryKey: billingQueryKeys.paywall,
  queryFn: ({ signal }) =>
    api.get(getPaywallContract.url, { schema: getPaywallContract.response, signal }).then(unwrapEnvelope),
  staleTime: cacheTime.frequent,
});
