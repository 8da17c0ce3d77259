import type { Queryable } from '../../db/types';
import { StripeApiError } from '../../integrations/billing/stripe-client';
import {
  invoiceSubscriptionId,
  type StripeEvent,
  type StripeSubscription,
  stripeCheckoutSessionSchema,
  stripeInvoiceSchema,
} from '../../integrations/billing/stripe-objects';
import { type BillingContext, cancelSuperseded } from './checkout';
import { creditReferralRewards, referralRewardTerms } from './referral-credit';
import { type ApplyOutcome, applyStripeSubscription } from './subscription-sync';

export type EventOutcome = 'applied' | 'stale' | 'ignored' | 'unmatched' | 'duplicate';

/** Which subscription an event is about, and which companies its checkout named; null: not ours to handle. */
function subjectOf(
  event: StripeEvent,
): { subscriptionId: string; companyHints: Array<string | null | undefined> } | null {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = stripeCheckoutSessionSchema.safeParse(object);
      if (!session.success || session.data.mode !== 'subscription' || !session.data.subscription) return null;
      return {
        subscriptionId: session.data.subscription,
        companyHints: [session.data.client_reference_id, session.data.metadata.company_id],
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return typeof object.id === 'string' ? { subscriptionId: object.id, companyHints: [] } : null;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = stripeInvoiceSchema.safeParse(object);
      const id = invoice.success ? invoiceSubscriptionId(invoice.data) : null;
      return id ? { subscriptionId: id, companyHints: [] } : null;
    }
    default:
      return null;
  }
}

async function alreadyReceived(context: BillingContext, id: string): Promise<boolean> {
  const { rows } = await context.db.query('SELECT 1 FROM billing_events WHERE id = $1', [id]);
  return rows.length > 0;
}

/** The company, when the subscription's row already reflects an event newer than this one. */
async function newerRowCompany(
  context: BillingContext,
  subscriptionId: string,
  created: number,
): Promise<string | null> {
  const { rows } = await context.db.query<{ company_id: string }>(
    `SELECT company_id FROM subscriptions WHERE stripe_subscription_id = $1 AND last_event_at > to_timestamp($2)`,
    [subscriptionId, created],
  );
  return rows[0]?.company_id ?? null;
}

/**
 * Stores the event, once, with what it did, in the same transaction as its effect (`apply`); a
 * delivery that lost the race to the same event changes nothing.
 */
async function store(
  context: BillingContext,
  event: StripeEvent,
  rawEvent: unknown,
  apply: (tx: Queryable) => Promise<ApplyOutcome | null>,
): Promise<{ outcome: EventOutcome; superseded: string[]; credit: Array<string | null> }> {
  return context.db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO billing_events (id, type, created, payload, outcome)
       VALUES ($1, $2, to_timestamp($3), $4::jsonb, 'ignored')
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.created, JSON.stringify(rawEvent)],
    );
    if (inserted.rowCount === 0) return { outcome: 'duplicate', superseded: [], credit: [] };
    const applied = await apply(tx);
    const outcome: EventOutcome = applied?.kind ?? 'ignored';
    const companyId = applied && 'companyId' in applied ? applied.companyId : null;
    await tx.query('UPDATE billing_events SET outcome = $2, company_id = $3 WHERE id = $1', [
      event.id,
      outcome,
      companyId,
    ]);
    if (applied?.kind !== 'applied') return { outcome, superseded: [], credit: [] };
    // Who may have rewards to credit now: the paying company (a referrer that just became a Stripe
    // customer) and the referrer this payment rewarded.
    return { outcome, superseded: applied.superseded, credit: [applied.companyId, applied.rewardedReferrer] };
  });
}

/**
 * One verified webhook event. Idempotent by event id. The subscription it concerns is read from
 * Stripe's API and applied as it is now, so events may arrive in any order; one older than the newest
 * already applied to that subscription is recorded as stale and changes nothing. Unknown types are
 * recorded and ignored. Throws when Stripe cannot be read (the answer is then 5xx and Stripe retries).
 */
export async function handleStripeEvent(
  context: BillingContext,
  event: StripeEvent,
  rawEvent: unknown,
): Promise<EventOutcome> {
  const account = context.account;
  if (await alreadyReceived(context, event.id)) return 'duplicate';
  const subject = account && subjectOf(event);
  if (!account || !subject) return (await store(context, event, rawEvent, async () => null)).outcome;

  const newer = await newerRowCompany(context, subject.subscriptionId, event.created);
  if (newer)
    return (await store(context, event, rawEvent, async () => ({ kind: 'stale', companyId: newer }))).outcome;

  let subscription: StripeSubscription | null;
  try {
    subscription = await account.client.retrieveSubscription(subject.subscriptionId);
  } catch (err) {
    // A subscription Stripe does not have will never appear: record the event rather than have it retried for days.
    if (!(err instanceof StripeApiError && err.status === 404)) throw err;
    subscription = null;
  }
  const { outcome, superseded, credit } = await store(context, event, rawEvent, async (tx) =>
    subscription
      ? applyStripeSubscription(tx, {
          subscription,
          eventCreated: event.created,
          companyHints: subject.companyHints,
          priceIds: account.priceIds,
          referralReward: referralRewardTerms(context.config),
        })
      : null,
  );
  await cancelSuperseded(context, superseded);
  await creditReferralRewards(context, credit);
  return outcome;
}
