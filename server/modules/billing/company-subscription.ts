import type {
  PaidSubscription,
  PaywallInit,
  Plan,
  PlanId,
  SubscriptionStatus,
} from '../../../contracts/billing';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isPlanId } from './plans';

/** A company's subscription row, as the paywall and settings read it. */
export type SubscriptionRow = {
  id: string;
  status: SubscriptionStatus;
  plan: string;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  canceled_at: Timestamp | null;
  ended_at: Timestamp | null;
  cancel_at_period_end: boolean;
  stripe_subscription_id: string | null;
  amount_cents: number | null;
};

const COLUMNS = `id, status, plan, current_period_start, current_period_end, canceled_at, ended_at,
  cancel_at_period_end, stripe_subscription_id, amount_cents`;

/** The company's newest subscription (a later checkout supersedes the trial), or null. */
export async function latestSubscription(q: Queryable, companyId: string): Promise<SubscriptionRow | null> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** The company's newest Stripe subscription that can still change (not ended), or null. */
export async function latestOpenPaidSubscription(
  q: Queryable,
  companyId: string,
): Promise<SubscriptionRow | null> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions
      WHERE company_id = $1 AND stripe_subscription_id IS NOT NULL AND status <> 'canceled'
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/**
 * SQL condition on a `subscriptions` row (optionally of an alias): the subscription lets the company
 * in — trialing or active, and its period is current. The session check's
 * hasNoCurrentSubscriptionActive and every product route's guard read it.
 */
export function currentSubscriptionSql(alias = ''): string {
  const p = alias ? `${alias}.` : '';
  return `${p}status IN ('trialing', 'active') AND ${p}current_period_start <= now() AND ${p}current_period_end > now()`;
}

/** Whether the company has a current subscription (currentSubscriptionSql). */
export async function hasCurrentSubscription(q: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await q.query<{ current: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1 AND ${currentSubscriptionSql()}) AS current`,
    [companyId],
  );
  return rows[0]?.current ?? false;
}

/** SQL condition on a `subscriptions` row: current, and paid for (or given outside Stripe). */
const CURRENT_PAID = `current_period_start <= now() AND current_period_end > now()
  AND (status = 'active' OR (status = 'trialing' AND stripe_subscription_id IS NOT NULL))`;

/**
 * A current subscription the company pays for (or was given outside Stripe): a new checkout would
 * charge twice. A trial without Stripe does not count; a past_due one does not either (paying again
 * replaces it).
 */
export async function hasCurrentPaidSubscription(q: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await q.query<{ paid: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1 AND ${CURRENT_PAID}) AS paid`,
    [companyId],
  );
  return rows[0]?.paid ?? false;
}

/**
 * When the company's current free trial ends, while nothing is paid yet: the paywall still offers the
 * plans then (a checkout is allowed). null once a paid subscription is current, or without a trial.
 */
export async function currentUnpaidTrialEnd(q: Queryable, companyId: string): Promise<Timestamp | null> {
  const { rows } = await q.query<{ ends_at: Timestamp | null }>(
    `SELECT max(current_period_end) AS ends_at FROM subscriptions
      WHERE company_id = $1 AND status = 'trialing' AND stripe_subscription_id IS NULL
        AND current_period_start <= now() AND current_period_end > now()
        AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1 AND ${CURRENT_PAID})`,
    [companyId],
  );
  return rows[0]?.ends_at ?? null;
}

const isTrial = (row: SubscriptionRow) => row.stripe_subscription_id === null && row.status === 'trialing';

/** Why the paywall shows, from the newest subscription, and when that one ended. */
export function paywallReason(
  latest: SubscriptionRow | null,
  hasCurrent: boolean,
): Pick<PaywallInit, 'reason' | 'endedAt'> {
  if (hasCurrent || !latest) return { reason: 'none', endedAt: null };
  if (isTrial(latest)) return { reason: 'trial_ended', endedAt: latest.current_period_end };
  if (latest.status === 'canceled') {
    const ended = latest.ended_at ?? latest.canceled_at ?? latest.current_period_end;
    return { reason: 'canceled', endedAt: ended };
  }
  if (latest.stripe_subscription_id === null) {
    // Given outside Stripe and over: nothing will renew it.
    return { reason: 'canceled', endedAt: latest.current_period_end };
  }
  // past_due, or a paid period that ended without its renewal being confirmed yet.
  return { reason: 'past_due', endedAt: latest.current_period_end };
}

/** Settings' view of a subscription: the plan, and the next charge when one is coming. */
export function toPaidSubscription(row: SubscriptionRow, plans: Record<PlanId, Plan>): PaidSubscription {
  const plan = isPlanId(row.plan) ? plans[row.plan] : null;
  const renews =
    row.stripe_subscription_id !== null &&
    (row.status === 'active' || row.status === 'trialing') &&
    !row.cancel_at_period_end &&
    Date.parse(row.current_period_end) > Date.now();
  return {
    status: row.status,
    plan,
    currentPeriodEnd: row.current_period_end,
    nextChargeAt: renews ? row.current_period_end : null,
    nextChargeCents: renews ? (row.amount_cents ?? plan?.priceCents ?? null) : null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}
