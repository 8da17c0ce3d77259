import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidSubscription, PaywallInit } from '../../contracts/billing';
import type { SessionCheck } from '../../contracts/session';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { payOnCheckoutPage } from '../support/stripe-checkout';

/**
 * Trial expiry needs no job: the session check compares the period's end with now(). These rows are
 * written as onboarding (the trial) and the webhook (paid ones) write them.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function get<T>(account: TestAccount, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: sessionHeadersFor(account) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}
const sessionCheck = (account: TestAccount) => get<SessionCheck>(account, '/api/session/check');
const paywall = (account: TestAccount) => get<PaywallInit>(account, '/api/paywall');
const settings = async (account: TestAccount) =>
  (await get<{ subscription: PaidSubscription | null }>(account, '/api/settings/subscription')).subscription;

/**
 * The trial row onboarding starts: trialing, plan 'trial', no Stripe ids; `endsIn` from now (negative:
 * ended). Written when it started, so a row written next is the newer one even within a millisecond.
 */
async function trial(account: TestAccount, endsIn: string, startedAgo = '7 days') {
  const { rows } = await server.db.query<{ current_period_end: string }>(
    `INSERT INTO subscriptions (company_id, status, plan, current_period_start, current_period_end, created_at)
     VALUES ($1, 'trialing', 'trial', now() - $3::interval, now() + $2::interval, now() - $3::interval)
     RETURNING current_period_end`,
    [account.companyId, endsIn, startedAgo],
  );
  return new Date(rows[0]!.current_period_end);
}

/** A Stripe subscription's row as the webhook writes it. */
async function paid(account: TestAccount, values: { status: string; endsIn: string; canceledAgo?: string }) {
  await server.db.query(
    `INSERT INTO subscriptions (company_id, status, plan, current_period_start, current_period_end, canceled_at,
                                ended_at, stripe_subscription_id, stripe_customer_id, amount_cents, currency,
                                billing_interval)
     VALUES ($1, $2, 'monthly', now() - interval '30 days', now() + $3::interval,
             now() - $4::interval, now() - $4::interval, 'sub_' || md5(random()::text), 'cus_x', 9700, 'brl', 'month')`,
    [account.companyId, values.status, values.endsIn, values.canceledAgo ?? null],
  );
}

describe('trial expiry', () => {
  it('a current trial gives access; the paywall has no reason and settings show the trial without a charge', async () => {
    const account = await createTestAccount(server.db);
    const end = await trial(account, '3 days');
    expect((await sessionCheck(account)).hasNoCurrentSubscriptionActive).toBe(false);
    expect(await paywall(account)).toMatchObject({
      reason: 'none',
      endedAt: null,
      hasActiveSubscription: true,
      trialEndsAt: end.toISOString(),
    });
    expect(await settings(account)).toEqual({
      status: 'trialing',
      plan: null,
      currentPeriodEnd: end.toISOString(),
      nextChargeAt: null,
      nextChargeCents: null,
      cancelAtPeriodEnd: false,
      // Nobody it referred has paid.
      referralCredit: { pendingCents: 0, appliedCents: 0 },
    });
  });

  it('a trial whose period ended sends the session to the paywall, reason trial_ended with its end', async () => {
    const account = await createTestAccount(server.db);
    const end = await trial(account, '-1 minute');
    expect((await sessionCheck(account)).hasNoCurrentSubscriptionActive).toBe(true);
    expect(await paywall(account)).toMatchObject({
      reason: 'trial_ended',
      endedAt: end.toISOString(),
      hasActiveSubscription: false,
      trialEndsAt: null,
    });
    expect(await settings(account)).toMatchObject({ status: 'trialing', plan: null, nextChargeAt: null });
  });
});

describe('subscribing during the free trial', () => {
  it('a paid subscription, on Stripe or given outside it, has no trial end, even next to a current trial', async () => {
    const onStripe = await createTestAccount(server.db);
    await trial(onStripe, '3 days');
    await paid(onStripe, { status: 'active', endsIn: '30 days' });
    const given = await createTestAccount(server.db, { subscription: 'active' });
    for (const account of [onStripe, given]) {
      expect(await paywall(account)).toMatchObject({ hasActiveSubscription: true, trialEndsAt: null });
    }
  });

  it('no subscription, an expired one or a past_due one: no trial end', async () => {
    const none = await createTestAccount(server.db);
    const expired = await createTestAccount(server.db, { subscription: 'expired' });
    const pastDue = await createTestAccount(server.db);
    await paid(pastDue, { status: 'past_due', endsIn: '10 days' });
    for (const account of [none, expired, pastDue]) {
      expect(await paywall(account)).toMatchObject({ hasActiveSubscription: false, trialEndsAt: null });
    }
  });

  it('paying during the trial keeps the session active, and the paywall no longer offers the plans', async () => {
    const account = await createTestAccount(server.db);
    await trial(account, '3 days');
    expect((await paywall(account)).trialEndsAt).not.toBeNull();

    const started = await fetch(`${server.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 'monthly' }),
    });
    expect(started.status).toBe(200);
    const { url } = ((await started.json()) as { data: { url: string } }).data;
    expect((await payOnCheckoutPage(url, { origin: server.url })).status).toBe(303);

    expect((await sessionCheck(account)).hasNoCurrentSubscriptionActive).toBe(false);
    expect(await paywall(account)).toMatchObject({
      reason: 'none',
      hasActiveSubscription: true,
      trialEndsAt: null,
    });
    expect(await settings(account)).toMatchObject({ status: 'active', plan: { id: 'monthly' } });
  });
});

describe('paywall reason', () => {
  it('past_due: a paid subscription whose payment failed', async () => {
    const account = await createTestAccount(server.db);
    await trial(account, '-20 days', '27 days');
    await paid(account, { status: 'past_due', endsIn: '10 days' });
    expect((await sessionCheck(account)).hasNoCurrentSubscriptionActive).toBe(true);
    expect(await paywall(account)).toMatchObject({ reason: 'past_due', hasActiveSubscription: false });
  });

  it('canceled: the subscription ended, with when', async () => {
    const account = await createTestAccount(server.db);
    await paid(account, { status: 'canceled', endsIn: '10 days', canceledAgo: '2 days' });
    const wall = await paywall(account);
    expect(wall.reason).toBe('canceled');
    const daysAgo = (Date.now() - Date.parse(wall.endedAt!)) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(1.9);
    expect(daysAgo).toBeLessThan(2.1);
  });

  it('a paid period that ended without a confirmed renewal counts as past_due', async () => {
    const account = await createTestAccount(server.db);
    await paid(account, { status: 'active', endsIn: '-1 hour' });
    expect((await sessionCheck(account)).hasNoCurrentSubscriptionActive).toBe(true);
    expect((await paywall(account)).reason).toBe('past_due');
    expect(await settings(account)).toMatchObject({ status: 'active', nextChargeAt: null });
  });

  it('a subscription given outside Stripe that ran out counts as canceled', async () => {
    const account = await createTestAccount(server.db, { subscription: 'expired' });
    expect((await paywall(account)).reason).toBe('canceled');
  });

  it('each company sees only its own reason', async () => {
    const ended = await createTestAccount(server.db);
    await trial(ended, '-1 day');
    const fresh = await createTestAccount(server.db);
    expect((await paywall(ended)).reason).toBe('trial_ended');
    expect(await paywall(fresh)).toMatchObject({ reason: 'none', endedAt: null });
    expect(await settings(fresh)).toBeNull();
  });
});
