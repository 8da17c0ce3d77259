import { queryOptions } from '@tanstack/react-query';
import { getReferralContract, type ReferralData } from '../../../../contracts/referral';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { inviteConfigQueryTiming } from '../../../lib/cache/query-client';

/**
 * GET /api/settings/referral (spec §7): the person's referral links, counters and rewards. Spec
 * §9: 3 retries, 1 s doubling, capped at 30 s. The server's realtime event makes this exact key
 * stale, so the counters follow the referrals live.
 */
export const referralQueryKey = ['settings', 'referral'] as const;

export const referralQuery = queryOptions<ReferralData, Error, ReferralData, typeof referralQueryKey>({
  queryKey: referralQueryKey,
  queryFn: ({ signal }) =>
    api.get(getReferralContract.url, { schema: getReferralContract.response, signal }).then(unwrapEnvelope),
  ...inviteConfigQueryTiming,
});
