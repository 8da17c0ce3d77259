import { queryOptions } from '@tanstack/react-query';
import { branchLinkQueryTiming } from '../../../lib/cache/query-client';
import type { ReferralLinkService } from '../../../lib/referral/referral-link-service';

/**
 * The link the referral-link service makes for this person in this company (null without one).
 * A made link never changes: the query never goes stale. Its key stays outside
 * ['settings', 'referral'], so the counters' invalidation never makes another link.
 */
export function inviteLinkQuery(service: ReferralLinkService, userId: string, companyId: string) {
  return queryOptions({
    queryKey: ['referral-link', userId, companyId] as const,
    queryFn: () => service.createLink(userId, companyId),
    ...branchLinkQueryTiming,
  });
}
