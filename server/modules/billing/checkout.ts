import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PlanId } from '../../../contracts/billing';
import type { CompanyCaller } from '../../auth/api/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import {
  ALREADY_SUBSCRIBED_TEXT,
  CHECKOUT_REFUSED_TEXT,
  NO_PAID_SUBSCRIPTION_TEXT,
  paymentsUnavailable,
  SUBSCRIPTION_UPDATE_FAILED_TEXT,
  stripeFailure,
} from './billing-errors';
import { hasCurrentPaidSubscription, latestOpenPaidSubscription } from './company-subscription';
import { creditReferralRewards, referralRewardTerms } from './referral-credit';
import type { StripeAccount } from './stripe-account';
import { applyStripeSubscription } from './subscription-sync';

export interface BillingContext {
  db: Db;
  config: Config;
  /** Null: payments are not configured (production without Stripe). */
  account: StripeAccount | null;
  log: FastifyBaseLogger;
}

function requireAccount(context: BillingContext): StripeAccount {
  if (!context.account) throw paymentsUnavailable();
  return context.account;
}

/**
 * The company's Stripe customer, created at its first checkout. Stripe's idempotency key makes two
 * checkouts at once create one customer; the first id stored wins.
 */
async function customerFor(
  context: BillingContext,
  account: StripeAccount,
  caller: CompanyCaller,
): Promise<string> {
  const { db } = context;
  const { rows } = await db.query<{
    stripe_customer_id: string | null;
    name: string | null;
    business_name: string | null;
    email: string;
  }>(
    `SELECT c.stripe_customer_id, c.name, c.business_name, u.email
       FROM companies c JOIN users u ON u.id = $2
      WHERE c.id = $1`,
    [caller.companyId, caller.userId],
  );
  const company = rows[0];
  if (!company) throw new HttpError(404, 'NOT_FOUND', 'Empresa não encontrada.');
  if (company.stripe_customer_id) return company.stripe_customer_id;

  const params = {
    name: company.business_name ?? company.name ?? undefined,
    email: company.email,
    metadata: { company_id: caller.companyId },
  };
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  let customerId: string;
  try {
    customerId = (await account.client.createCustomer(params, `customer-${caller.companyId}-${digest}`)).id;
  } catch (err) {
    throw stripeFailure(err, CHECKOUT_REFUSED_TEXT);
  }
  await db.query(
    'UPDATE companies SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL',
    [caller.companyId, customerId],
  );
  const stored = await db.query<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM companies WHERE id = $1',
    [caller.companyId],
  );
  return stored.rows[0]!.stripe_customer_id;
}

/**
 * Opens a Stripe Checkout for a plan and answers its URL. Refused while the company already has a
 * current paid subscription. Paying returns through /api/billing/checkout/return on `appUrl` (the
 * address the person is using the app on).
 */
export async function startCheckout(
  context: BillingContext,
  caller: CompanyCaller,
  planId: PlanId,
  appUrl: string,
): Promise<string> {
  const account = requireAccount(context);
  if (await hasCurrentPaidSubscription(context.db, caller.companyId)) {
    throw new HttpError(409, 'CONFLICT', ALREADY_SUBSCRIBED_TEXT);
  }
  const customer = await customerFor(context, account, caller);
  const metadata = { company_id: caller.companyId, plan: planId };
  try {
    const session = await account.client.createCheckoutSession({
      mode: 'subscription',
      customer,
      line_items: [{ price: account.priceIds[planId], quantity: 1 }],
      client_reference_id: caller.companyId,
      metadata,
      // The subscription carries them too, so its own events name the company and plan.
      subscription_data: { metadata },
      success_url: `${appUrl}/api/billing/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/paywall`,
      locale: 'pt-BR',
    });
    if (!session.url) throw new Error(`checkout session ${session.id} came without a url`);
    return session.url;
  } catch (err) {
    throw stripeFailure(err, CHECKOUT_REFUSED_TEXT);
  }
}

/**
 * After a subscription becomes current, the company's unpaid (past_due) ones it replaces are ended at
 * Stripe so they stop retrying the old card. Best effort: their cancellation comes back as webhooks.
 */
export async function cancelSuperseded(context: BillingContext, stripeIds: string[]): Promise<void> {
  if (!context.account) return;
  for (const id of stripeIds) {
    try {
      await context.account.client.cancelSubscription(id);
    } catch (err) {
      context.log.warn({ err, subscription: id }, 'could not cancel a superseded subscription at Stripe');
    }
  }
}

/**
 * The browser is back from Checkout: reads the session from Stripe and, when it is paid, applies its
 * subscription (the same code as the webhook, which may come before or after). 'paid' when the
 * company's subscription is now current.
 */
export async function confirmCheckout(
  context: BillingContext,
  sessionId: string,
): Promise<'paid' | 'unpaid'> {
  const account = context.account;
  if (!account) return 'unpaid';
  const session = await account.client.retrieveCheckoutSession(sessionId);
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (session.mode !== 'subscription' || session.status !== 'complete' || !paid || !session.subscription) {
    return 'unpaid';
  }
  const subscription = await account.client.retrieveSubscription(session.subscription);
  const outcome = await context.db.transaction((tx) =>
    applyStripeSubscription(tx, {
      subscription,
      eventCreated: null,
      companyHints: [session.client_reference_id, session.metadata.company_id],
      priceIds: account.priceIds,
      referralReward: referralRewardTerms(context.config),
    }),
  );
  if (outcome.kind !== 'applied') {
    context.log.warn({ session: session.id, outcome: outcome.kind }, 'a paid checkout did not apply');
    return 'unpaid';
  }
  await cancelSuperseded(context, outcome.superseded);
  await creditReferralRewards(context, [outcome.companyId, outcome.rewardedReferrer]);
  return outcome.status === 'active' || outcome.status === 'trialing' ? 'paid' : 'unpaid';
}

/** Settings: stop (true) or resume (false) renewing at the end of the period, at Stripe and here. */
export async function setCancelAtPeriodEnd(
  context: BillingContext,
  companyId: string,
  value: boolean,
): Promise<void> {
  const account = requireAccount(context);
  const row = await latestOpenPaidSubscription(context.db, companyId);
  if (!row?.stripe_subscription_id) throw new HttpError(409, 'CONFLICT', NO_PAID_SUBSCRIPTION_TEXT);
  let subscription: Awaited<ReturnType<typeof account.client.updateSubscription>>;
  try {
    subscription = await account.client.updateSubscription(row.stripe_subscription_id, {
      cancel_at_period_end: value,
    });
  } catch (err) {
    throw stripeFailure(err, SUBSCRIPTION_UPDATE_FAILED_TEXT);
  }
  await context.db.transaction((tx) =>
    applyStripeSubscription(tx, {
      subscription,
      eventCreated: null,
      companyHints: [],
      priceIds: account.priceIds,
      referralReward: referralRewardTerms(context.config),
    }),
  );
}
