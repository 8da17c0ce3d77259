import { realtimeEvent } from '../../../contracts/realtime';
import type { Db, Queryable } from '../../db/types';
import type { StripeClient } from '../../integrations/billing/stripe-client';
import { publishEvent } from '../../realtime/event-bus';

/** What a reward is worth: that many months of the referrer's plan (config fallback when it pays none). */
export interface ReferralRewardTerms {
  months: number;
  /** The monthly plan's price, for a referrer without a paid plan of its own. */
  monthlyPriceCents: number;
}

/** "1 mês grátis", "2 meses grátis". */
export function rewardDescription(months: number): string {
  return months === 1 ? '1 mês grátis' : `${months} meses grátis`;
}

/**
 * The referred company's subscription is paid (active): its referrer earns the reward, once per
 * referral (the unique referral_id makes repeated and reordered webhooks earn nothing more), priced
 * at the referrer's own plan per month. Answers the referrer company when a reward was earned now.
 */
export async function earnReferralReward(
  tx: Queryable,
  referredCompanyId: string,
  terms: ReferralRewardTerms,
): Promise<string | null> {
  const { rows } = await tx.query<{ company_id: string }>(
    `INSERT INTO referral_rewards (referral_id, company_id, months, amount_cents)
     SELECT r.id, r.referrer_company_id, $2, $2 * COALESCE(
              (SELECT CASE WHEN s.billing_interval = 'year' THEN round(s.amount_cents / 12.0)::integer
                           ELSE s.amount_cents END
                 FROM subscriptions s
                WHERE s.company_id = r.referrer_company_id AND s.stripe_subscription_id IS NOT NULL
                  AND s.amount_cents IS NOT NULL
                ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
              $3)
       FROM referrals r WHERE r.referred_company_id = $1
     ON CONFLICT (referral_id) DO NOTHING
     RETURNING company_id`,
    [referredCompanyId, terms.months, terms.monthlyPriceCents],
  );
  const referrer = rows[0]?.company_id ?? null;
  if (referrer) await publishEvent(tx, referrer, realtimeEvent('referral.updated', { reason: 'reward' }));
  return referrer;
}

export interface CreditLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Sends the company's pending rewards to Stripe as credits on its customer balance (Stripe applies
 * them to the next invoice). A company that is no Stripe customer yet keeps them pending until it is.
 * The Idempotency-Key is the reward's own id, so two senders at once, or a retry after a lost answer,
 * make one credit at Stripe; the row is marked once. A failure is logged and the reward stays pending
 * for the company's next subscription event.
 */
export async function creditPendingRewards(
  db: Db,
  client: StripeClient,
  companyId: string,
  log: CreditLog,
): Promise<void> {
  const { rows } = await db.query<{
    id: string;
    months: number;
    amount_cents: number;
    currency: string;
    stripe_customer_id: string;
  }>(
    `SELECT r.id, r.months, r.amount_cents, r.currency, c.stripe_customer_id
       FROM referral_rewards r JOIN companies c ON c.id = r.company_id
      WHERE r.company_id = $1 AND r.applied_at IS NULL AND r.amount_cents > 0
        AND c.stripe_customer_id IS NOT NULL
      ORDER BY r.earned_at`,
    [companyId],
  );
  for (const reward of rows) {
    try {
      const credit = await client.createCustomerBalanceTransaction(
        reward.stripe_customer_id,
        {
          amount: -reward.amount_cents,
          currency: reward.currency,
          description: `Indique e Ganhe: ${rewardDescription(reward.months)}`,
          metadata: { referral_reward_id: reward.id, company_id: companyId },
        },
        `referral-reward-${reward.id}`,
      );
      await db.transaction(async (tx) => {
        const marked = await tx.query(
          `UPDATE referral_rewards
              SET stripe_balance_transaction_id = $2, applied_at = now(),
                  applied_period_end = (SELECT max(current_period_end) FROM subscriptions
                                         WHERE company_id = $3 AND stripe_subscription_id IS NOT NULL
                                           AND status <> 'canceled')
            WHERE id = $1 AND applied_at IS NULL RETURNING id`,
          [reward.id, credit.id, companyId],
        );
        if (marked.rowCount)
          await publishEvent(tx, companyId, realtimeEvent('referral.updated', { reason: 'reward' }));
      });
    } catch (err) {
      log.warn({ err, rewardId: reward.id, companyId }, 'referral reward not credited at Stripe yet');
    }
  }
}

/**
 * The referral credit the company's next payment gets: rewards still pending (not at Stripe yet), and
 * those on its Stripe balance that the next invoice has not used yet (its paid period has not moved
 * past the one it was credited in; without a paid period then, none has started since).
 */
export async function nextPaymentCredit(
  q: Queryable,
  companyId: string,
): Promise<{ pendingCents: number; appliedCents: number }> {
  const { rows } = await q.query<{ pending: string | number | null; applied: string | number | null }>(
    `WITH paid AS (
       SELECT max(current_period_end) AS period_end, max(current_period_start) AS period_start
         FROM subscriptions WHERE company_id = $1 AND stripe_subscription_id IS NOT NULL
     )
     SELECT sum(r.amount_cents) FILTER (WHERE r.applied_at IS NULL) AS pending,
            sum(r.amount_cents) FILTER (WHERE r.applied_at IS NOT NULL) AS applied
       FROM referral_rewards r, paid
      WHERE r.company_id = $1
        AND (r.applied_at IS NULL
             OR (r.applied_period_end IS NOT NULL AND paid.period_end <= r.applied_period_end)
             OR (r.applied_period_end IS NULL AND r.applied_at >= COALESCE(paid.period_start, '-infinity')))`,
    [companyId],
  );
  return { pendingCents: Number(rows[0]?.pending ?? 0), appliedCents: Number(rows[0]?.applied ?? 0) };
}
