import type { ReferralLinkService } from '../../../lib/referral/referral-link-service';

/**
 * The referral-link service, loaded with the invite page's first step (its chunk, and Branch behind
 * it, stay off the page's own): a chunk that does not load is the service failing to start.
 */
export function loadLinkService(): Promise<ReferralLinkService> {
  return import('../../../lib/referral/referral-link-service').then((m) => m.referralLinkService());
}
