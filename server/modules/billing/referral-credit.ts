import type { Config } from '../../config';
import { creditPendingRewards, type ReferralRewardTerms } from '../referral/referral-rewards';
import type { BillingContext } from './checkout';

/** Indique e Ganhe's reward as configured: REFERRAL_REWARD_MONTHS of the referrer's plan. */
export function referralRewardTerms(
  config: Pick<Config, 'referralRewardMonths' | 'billing'>,
): ReferralRewardTerms {
  return { months: config.referralRewardMonths, monthlyPriceCents: config.billing.priceCents.monthly };
}

/**
 * After a subscription change committed: the companies it concerns (the one paying, as a referrer
 * that may just have become a Stripe customer; the referrer that just earned a reward) get their
 * pending rewards credited at Stripe. Never fails the caller: a reward not credited stays pending.
 */
export async function creditReferralRewards(
  context: BillingContext,
  companyIds: Array<string | null | undefined>,
): Promise<void> {
  const account = context.account;
  if (!account) return;
  for (const companyId of new Set(companyIds)) {
    if (companyId) await creditPendingRewards(context.db, account.client, companyId, context.log);
  }
}
