import type { PlanId, SubscriptionStatus } from '../../../contracts/billing';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import type { StripeSubscription } from '../../integrations/billing/stripe-objects';
import { earnReferralReward, type ReferralRewardTerms } from '../referral/referral-rewards';
import { isPlanId } from './plans';

/**
 * Stripe's subscription statuses as ours. Unpaid and paused subscriptions give no access until paid
 * (past_due); incomplete_expired never started (canceled); incomplete is waiting for its first payment
 * and is not written at all (null).
 */
export function ourStatus(stripeStatus: string): SubscriptionStatus | null {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
      return stripeStatus;
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}

export type ApplyOutcome =
  | {
      kind: 'applied';
      companyId: string;
      status: SubscriptionStatus;
      /** The company's other Stripe subscriptions this one replaces (unpaid ones): to cancel at Stripe. */
      superseded: string[];
      /** The company that referred this one, when this payment earned it its reward now. */
      rewardedReferrer: string | null;
    }
  /** The row already reflects a newer event than the one that led here. */
  | { kind: 'stale'; companyId: string }
  /** Nothing to write (an incomplete subscription, or one without a billing period). */
  | { kind: 'ignored'; companyId: string | null }
  /** No company of ours pays with this subscription's customer or is named by it. */
  | { kind: 'unmatched' };

export interface ApplyInput {
  subscription: StripeSubscription;
  /** Stripe `created` (unix seconds) of the event that led here; null when read from the API on our own. */
  eventCreated: number | null;
  /** Companies the checkout named (client_reference_id, metadata), tried when the subscription is new. */
  companyHints: Array<string | null | undefined>;
  priceIds: Record<PlanId, string>;
  /** What a paid subscription earns the company that referred this one (once). */
  referralReward: ReferralRewardTerms;
}

const fromSeconds = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000);

/** The plan a subscription is on: by its price, else its interval, else what the checkout said. */
function planOf(subscription: StripeSubscription, priceIds: Record<PlanId, string>): PlanId {
  const price = subscription.items.data[0]?.price;
  if (price?.id === priceIds.monthly) return 'monthly';
  if (price?.id === priceIds.yearly) return 'yearly';
  if (price?.recurring?.interval === 'year') return 'yearly';
  if (price?.recurring?.interval === 'month') return 'monthly';
  return isPlanId(subscription.metadata.plan) ? subscription.metadata.plan : 'monthly';
}

/** The columns a Stripe subscription sets on its row; null when it has no billing period to show. */
function rowValues(
  subscription: StripeSubscription,
  status: SubscriptionStatus,
  priceIds: Record<PlanId, string>,
) {
  const item = subscription.items.data[0];
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  if (start === undefined || end === undefined || end <= start) return null;
  const amount = item?.price.unit_amount == null ? null : item.price.unit_amount * (item.quantity ?? 1);
  return [
    status,
    planOf(subscription, priceIds),
    fromSeconds(start),
    fromSeconds(end),
    fromSeconds(subscription.canceled_at),
    fromSeconds(subscription.ended_at),
    subscription.cancel_at_period_end,
    subscription.customer,
    item?.price.id ?? null,
    amount,
    item?.price.currency.toLowerCase() ?? null,
    item?.price.recurring?.interval ?? null,
  ];
}

/**
 * The company a new subscription belongs to: the one already paying as its customer; otherwise one
 * it names (its metadata, then the checkout's hints) that pays as no other customer. A signed event
 * can only come from our Stripe account, and a customer never moves between companies.
 */
async function companyFor(
  tx: Queryable,
  customerId: string,
  candidates: Array<string | null | undefined>,
): Promise<string | null> {
  const paying = await tx.query<{ id: string }>('SELECT id FROM companies WHERE stripe_customer_id = $1', [
    customerId,
  ]);
  if (paying.rows[0]) return paying.rows[0].id;
  for (const candidate of candidates) {
    if (!isUuid(candidate)) continue;
    const { rows } = await tx.query<{ id: string; stripe_customer_id: string | null }>(
      'SELECT id, stripe_customer_id FROM companies WHERE id = $1 FOR UPDATE',
      [candidate],
    );
    const company = rows[0];
    if (!company || company.stripe_customer_id !== null) continue;
    await tx.query('UPDATE companies SET stripe_customer_id = $2 WHERE id = $1', [company.id, customerId]);
    return company.id;
  }
  return null;
}

/**
 * Writes a Stripe subscription's state to its row (creating it the first time), inside the caller's
 * transaction. The state given is Stripe's current one (fetched from the API), so arrival order does
 * not matter; still, an event older than the newest one already applied to the row changes nothing.
 */
export async function applyStripeSubscription(tx: Queryable, input: ApplyInput): Promise<ApplyOutcome> {
  const { subscription, eventCreated, priceIds } = input;
  const eventAt = fromSeconds(eventCreated);
  // Stripe sends a payment's events at once, while the browser may be back from Checkout: without
  // this, two writers of a new subscription both find no row and the second INSERT fails (23505).
  // Held to the end of the transaction; the next writer then finds the row and updates it.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('stripe-subscription:' || $1, 0))`, [
    subscription.id,
  ]);
  const { rows } = await tx.query<{ id: string; company_id: string; last_event_at: Timestamp | null }>(
    'SELECT id, company_id, last_event_at FROM subscriptions WHERE stripe_subscription_id = $1 FOR UPDATE',
    [subscription.id],
  );
  const existing = rows[0];
  if (
    existing &&
    eventAt &&
    existing.last_event_at &&
    eventAt.getTime() < Date.parse(existing.last_event_at)
  ) {
    return { kind: 'stale', companyId: existing.company_id };
  }
  const status = ourStatus(subscription.status);
  const values = status && rowValues(subscription, status, priceIds);
  if (!status || !values) return { kind: 'ignored', companyId: existing?.company_id ?? null };

  let companyId: string;
  if (existing) {
    companyId = existing.company_id;
    await tx.query(
      `UPDATE subscriptions
          SET status = $2, plan = $3, current_period_start = $4, current_period_end = $5, canceled_at = $6,
              ended_at = $7, cancel_at_period_end = $8, stripe_customer_id = $9, stripe_price_id = $10,
              amount_cents = $11, currency = $12, billing_interval = $13,
              last_event_at = GREATEST(last_event_at, $14::timestamptz)
        WHERE id = $1`,
      [existing.id, ...values, eventAt],
    );
  } else {
    const found = await companyFor(tx, subscription.customer, [
      subscription.metadata.company_id,
      ...input.companyHints,
    ]);
    if (!found) return { kind: 'unmatched' };
    companyId = found;
    await tx.query(
      `INSERT INTO subscriptions
         (company_id, stripe_subscription_id, status, plan, current_period_start, current_period_end, canceled_at,
          ended_at, cancel_at_period_end, stripe_customer_id, stripe_price_id, amount_cents, currency,
          billing_interval, last_event_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [companyId, subscription.id, ...values, eventAt],
    );
  }

  let superseded: string[] = [];
  if (status === 'active' || status === 'trialing') {
    const others = await tx.query<{ stripe_subscription_id: string }>(
      `SELECT stripe_subscription_id FROM subscriptions
        WHERE company_id = $1 AND status = 'past_due' AND stripe_subscription_id IS NOT NULL
          AND stripe_subscription_id <> $2`,
      [companyId, subscription.id],
    );
    superseded = others.rows.map((row) => row.stripe_subscription_id);
  }
  // Paid (active): a referred company's first payment earns its referrer the reward, once per referral.
  const rewardedReferrer =
    status === 'active' ? await earnReferralReward(tx, companyId, input.referralReward) : null;
  return { kind: 'applied', companyId, status, superseded, rewardedReferrer };
}
