import { describe, expect, it } from 'vitest';
import type { PaidSubscription } from '../../contracts/billing';
import type { RealtimeEvent } from '../../contracts/realtime';
import type { ReferralData } from '../../contracts/referral';
import { createEventBus } from '../../server/realtime/event-bus';
import { createTestAccount, type TestAccount } from '../support/auth';
import { type StripeEventJson, withConfiguredStripe } from '../support/configured-stripe';
import { waitFor } from '../support/db';
import { signedInApi } from '../support/signed-in-api';
import { payOnCheckoutPage } from '../support/stripe-checkout';
import { postStripeEvent, stripeSignature } from '../support/stripe-signature';

/**
 * The reward of Indique e Ganhe (issue 17): a referred company's first payment credits its referrer
 * (REFERRAL_REWARD_MONTHS of its plan, default 1) as a Stripe customer balance transaction that the
 * next invoice uses, exactly once however often and in whatever order Stripe delivers the events.
 * Stripe is the simulator on a port of its own, delivering only when the test says.
 */

const setup = withConfiguredStripe();
/** The simulator's monthly price (tests/support/stripe-simulator.ts), which the app's plan uses here too. */
const MONTHLY_CENTS = 9700;

async function lastSeq(): Promise<number> {
  const { rows } = await setup.db.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM dev_stripe_events',
  );
  return Number(rows[0]!.seq ?? 0);
}

async function eventsSince(seq: number): Promise<StripeEventJson[]> {
  const { rows } = await setup.db.query<{ data: StripeEventJson }>(
    'SELECT data FROM dev_stripe_events WHERE seq > $1 ORDER BY seq',
    [seq],
  );
  return rows.map((row) => row.data);
}

const deliver = async (event: StripeEventJson) => {
  const answer = await postStripeEvent(setup.webhookUrl, event, {
    signature: stripeSignature(JSON.stringify(event), setup.stripe.webhookSecret),
  });
  expect(answer.status).toBe(200);
};

/** The company pays the monthly plan on the checkout page; answers the events waiting at the simulator. */
async function pay(account: TestAccount): Promise<StripeEventJson[]> {
  const before = await lastSeq();
  const started = await signedInApi(setup.server.url, account).post<{ url: string }>(
    '/api/billing/checkout',
    {
      planId: 'monthly',
    },
  );
  expect(started.status).toBe(200);
  expect((await payOnCheckoutPage(started.body.data.url)).status).toBe(303);
  return eventsSince(before);
}

async function referralOf(referrer: TestAccount, referred: TestAccount) {
  await setup.db.query(
    `INSERT INTO referrals (referred_company_id, referrer_company_id, referrer_user_id, installed_at)
     VALUES ($1, $2, $3, now())`,
    [referred.companyId, referrer.companyId, referrer.userId],
  );
}

async function referralData(account: TestAccount): Promise<ReferralData> {
  const answer = await signedInApi(setup.server.url, account).get<ReferralData>('/api/settings/referral');
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function subscription(account: TestAccount): Promise<PaidSubscription> {
  const answer = await signedInApi(setup.server.url, account).get<{ subscription: PaidSubscription }>(
    '/api/settings/subscription',
  );
  expect(answer.status).toBe(200);
  return answer.body.data.subscription;
}

/** The customer's balance transactions at the simulator, oldest first. */
async function balanceTransactions(customerId: string) {
  const { rows } = await setup.db.query<{ data: { amount: number; type: string; invoice: string | null } }>(
    `SELECT data FROM dev_stripe_objects
      WHERE object = 'customer_balance_transaction' AND data->>'customer' = $1 ORDER BY created_at, id`,
    [customerId],
  );
  return rows.map((row) => row.data);
}

async function customerOf(account: TestAccount): Promise<string> {
  const { rows } = await setup.db.query<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM companies WHERE id = $1',
    [account.companyId],
  );
  return rows[0]!.stripe_customer_id;
}

async function customerBalance(customerId: string): Promise<number> {
  const { rows } = await setup.db.query<{ balance: number | null }>(
    `SELECT (data->>'balance')::integer AS balance FROM dev_stripe_objects WHERE id = $1`,
    [customerId],
  );
  return rows[0]?.balance ?? 0;
}

/** A paying referrer: a Stripe customer with an active monthly subscription. */
async function payingReferrer(): Promise<TestAccount> {
  const referrer = await createTestAccount(setup.db, { subscription: 'trialing' });
  for (const event of await pay(referrer)) await deliver(event);
  expect((await subscription(referrer)).status).toBe('active');
  return referrer;
}

describe('the reward', () => {
  it('credits the referrer once, however often and in whatever order the first payment is delivered', async () => {
    const referrer = await payingReferrer();
    const referred = await createTestAccount(setup.db, { subscription: 'trialing' });
    await referralOf(referrer, referred);
    const bus = await createEventBus(setup.db);
    const live: RealtimeEvent[] = [];
    const stop = bus.subscribe(referrer.companyId!, (event) => live.push(event));

    const events = await pay(referred);
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    // Newest first, then everything again, then the first one a third time.
    for (const event of [...events].reverse()) await deliver(event);
    for (const event of events) await deliver(event);
    await deliver(events[0]!);

    const data = await referralData(referrer);
    expect(data.rewards).toEqual([
      {
        id: expect.any(String),
        description: '1 mês grátis',
        amountCents: MONTHLY_CENTS,
        earnedAt: expect.any(String),
      },
    ]);
    const customer = await customerOf(referrer);
    expect(await balanceTransactions(customer)).toEqual([
      expect.objectContaining({ amount: -MONTHLY_CENTS, type: 'adjustment', invoice: null }),
    ]);
    expect(await customerBalance(customer)).toBe(-MONTHLY_CENTS);
    expect((await subscription(referrer)).referralCredit).toEqual({
      pendingCents: 0,
      appliedCents: MONTHLY_CENTS,
    });
    // The referred company earns nothing by paying.
    expect((await referralData(referred)).rewards).toEqual([]);
    // The referrer's pages heard of it: earned, then credited at Stripe.
    await waitFor(() => live.length >= 2 || undefined);
    expect(live.map((event) => [event.type, event.payload])).toEqual([
      ['referral.updated', { reason: 'reward' }],
      ['referral.updated', { reason: 'reward' }],
    ]);
    stop();
    await bus.close();
  });

  it("is used by the referrer's next invoice, which then charges nothing", async () => {
    const referrer = await payingReferrer();
    // It paid a day ago (here it paid this very second, and Stripe's times are whole seconds).
    await setup.db.query(
      `UPDATE subscriptions SET current_period_start = current_period_start - interval '1 day',
              current_period_end = current_period_end - interval '1 day'
        WHERE company_id = $1`,
      [referrer.companyId],
    );
    const referred = await createTestAccount(setup.db, { subscription: 'trialing' });
    await referralOf(referrer, referred);
    for (const event of await pay(referred)) await deliver(event);
    const customer = await customerOf(referrer);
    expect(await customerBalance(customer)).toBe(-MONTHLY_CENTS);

    const { rows } = await setup.db.query<{ stripe_subscription_id: string }>(
      `SELECT stripe_subscription_id FROM subscriptions WHERE company_id = $1 AND stripe_subscription_id IS NOT NULL`,
      [referrer.companyId],
    );
    const before = await lastSeq();
    const renewed = await fetch(
      `${setup.stripe.url}/dev/stripe/subscriptions/${rows[0]!.stripe_subscription_id}/renew`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(renewed.status).toBe(303);
    const renewal = await eventsSince(before);
    const invoice = renewal.find((event) => event.type === 'invoice.paid')!.data.object;
    expect(invoice).toMatchObject({
      total: MONTHLY_CENTS,
      starting_balance: -MONTHLY_CENTS,
      ending_balance: 0,
      amount_due: 0,
      amount_paid: 0,
    });
    expect(await customerBalance(customer)).toBe(0);
    for (const event of renewal) await deliver(event);
    // Used: the summary shows no credit for the payment after that.
    expect((await subscription(referrer)).referralCredit).toEqual({ pendingCents: 0, appliedCents: 0 });
  });

  it('stays pending for a referrer that is no Stripe customer yet, and is credited when it becomes one', async () => {
    const referrer = await createTestAccount(setup.db, { subscription: 'trialing' });
    const referred = await createTestAccount(setup.db, { subscription: 'trialing' });
    await referralOf(referrer, referred);
    for (const event of await pay(referred)) await deliver(event);

    expect((await referralData(referrer)).rewards).toHaveLength(1);
    expect((await subscription(referrer)).referralCredit).toEqual({
      pendingCents: MONTHLY_CENTS,
      appliedCents: 0,
    });

    for (const event of await pay(referrer)) await deliver(event);
    const customer = await customerOf(referrer);
    expect(await balanceTransactions(customer)).toEqual([
      expect.objectContaining({ amount: -MONTHLY_CENTS, type: 'adjustment' }),
    ]);
    expect(await customerBalance(customer)).toBe(-MONTHLY_CENTS);
    expect((await subscription(referrer)).referralCredit).toEqual({
      pendingCents: 0,
      appliedCents: MONTHLY_CENTS,
    });
  });

  it('is not earned by a company nobody referred', async () => {
    const alone = await createTestAccount(setup.db, { subscription: 'trialing' });
    for (const event of await pay(alone)) await deliver(event);
    const { rows } = await setup.db.query('SELECT 1 FROM referral_rewards WHERE company_id = $1', [
      alone.companyId,
    ]);
    expect(rows).toEqual([]);
    expect((await subscription(alone)).referralCredit).toEqual({ pendingCents: 0, appliedCents: 0 });
  });
});

describe("the simulator's customer balance transactions", () => {
  const post = (customerId: string, body: Record<string, string>, key?: string) =>
    fetch(`${setup.stripe.apiBase}/v1/customers/${customerId}/balance_transactions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${setup.stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(key && { 'idempotency-key': key }),
      },
      body: new URLSearchParams(body).toString(),
    });

  it('replays the first answer for a repeated Idempotency-Key, refuses it with other parameters, and checks the customer', async () => {
    const account = await payingReferrer();
    const customer = await customerOf(account);
    const first = await post(customer, { amount: '-500', currency: 'brl' }, 'chave-1');
    expect(first.status).toBe(200);
    const created = (await first.json()) as { id: string; object: string; ending_balance: number };
    expect(created).toMatchObject({ object: 'customer_balance_transaction', ending_balance: -500 });

    const again = await post(customer, { amount: '-500', currency: 'brl' }, 'chave-1');
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect(await customerBalance(customer)).toBe(-500);

    const other = await post(customer, { amount: '-900', currency: 'brl' }, 'chave-1');
    expect(other.status).toBe(400);
    expect(await customerBalance(customer)).toBe(-500);

    expect((await post('cus_naoexiste', { amount: '-500', currency: 'brl' })).status).toBe(404);
    expect((await post(customer, { currency: 'brl' })).status).toBe(400);
  });
});
