import { queryOptions } from '@tanstack/react-query';
import { getPaidSubscriptionContract } from '../../../../contracts/billing';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { billingQueryKeys } from '../../../lib/billing/billing-query-keys';
import { cacheTime } from '../../../lib/cache/query-client';

/**
 * Spec §7 "GET settings subscription paid": the company's current subscription, or null. Fresh for
 * 30 s, so the route's prefetch serves the page that follows it.
 */
export const subscriptionQuery = queryOptions({
  queryKey: billingQueryKeys.subscription,
  queryFn: ({ signal }) =>
    api
      .get(getPaidSubscriptionContract.url, { schema: getPaidSubscriptionContract.response, signal })
      .then(unwrapEnvelope),
  staleTime: cacheTime.frequent,
});
