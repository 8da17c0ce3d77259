import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaidSubscription,
  type PaywallInit,
  paidSubscriptionSchema,
  paywallInitSchema,
} from '../../contracts/billing';
import type { SessionCheck } from '../../contracts/session';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { onOrigin, payOnCheckoutPage } from '../support/stripe-checkout';

/**
 * The default setup: no STRIPE_SECRET_KEY, dev pages on, so the app takes payments through the
 * Stripe simulator it embeds under /dev/stripe, over HTTP, with the same client and webhook code as
 * with Stripe. The test plays the browser.
 */

let server: TestServer;

type Answer<T> = { success: boolean; data: T; error?: string; code?: string };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function api<T>(account: TestAccount, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...sessionHeadersFor(account),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer<T> };
}

const paywall = (account: TestAccount) => api<PaywallInit>(account, 'GET', '/api/paywall');
const settings = (account: TestAccount) =>
  api<{ subscription: PaidSubscription | null }>(account, 'GET', '/api/settings/subscription');
const checkout = (account: TestAccount, planId: string) =>
  api<{ url: string }>(account, 'POST', '/api/billing/checkout', { planId });
const sessionActive = async (account: TestAccount) =>
  !(await api<SessionCheck>(account, 'GET', '/api/session/check')).body.data.hasNoCurrentSubscriptionActive;

/** Follows the browser's way back from the checkout page to the app. */
async function followReturn(location: string) {
  const response = await fetch(onOrigin(location, server.url), { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

/** A new company that pays for `plan` on the checkout page; answers the checkout session id. */
async function subscribe(account: TestAccount, plan: 'monthly' | 'yearly' = 'monthly') {
  const started = await checkout(account, plan);
  expect(started.status).toBe(200);
  const paid = await payOnCheckoutPage(started.body.data.url, { origin: server.url });
  expect(paid.status).toBe(303);
  return new URL(paid.location!).searchParams.get('session_id')!;
}

/** The simulator's control page actions (renew, fail-renewal, cancel), as its buttons post them. */
async function control(subscriptionId: string, action: 'renew' | 'fail-renewal' | 'cancel') {
  const response = await fetch(`${server.url}/dev/stripe/subscriptions/${subscriptionId}/${action}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

async function stripeSubscriptionOf(companyId: string): Promise<string> {
  const { rows } = await server.db.query<{ stripe_subscription_id: string }>(
    `SELECT stripe_subscription_id FROM subscriptions
      WHERE company_id = $1 AND stripe_subscription_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    [companyId],
  );
  return rows[0]!.stripe_subscription_id;
}

describe('GET /api/paywall', () => {
  it('answers both plans in BRL from config, what they include, and no reason before any subscription', async () => {
    const account = await createTestAccount(server.db, { signupComplete: true });
    const { status, body } = await paywall(account);
    expect(status).toBe(200);
    expect(paywallInitSchema.safeParse(body.data).success).toBe(true);
    expect(body.data.plans).toEqual([
      {
        id: 'monthly',
        name: 'Mensal',
        interval: 'month',
        priceCents: 9700,
        monthlyEquivalentCents: 9700,
        savingsPercent: 0,
        currency: 'BRL',
      },
      {
        id: 'yearly',
        name: 'Anual',
        interval: 'year',
        priceCents: 97000,
        monthlyEquivalentCents: 8083,
        savingsPercent: 17,
        currency: 'BRL',
      },
    ]);
    expect(body.data.features).toContain('Conexão com o WhatsApp Business');
    expect(body.data.features.length).toBeGreaterThan(5);
    expect(body.data).toMatchObject({ reason: 'none', endedAt: null, hasActiveSubscription: false });
  });

  it('needs a signed-in caller with a company', async () => {
    expect((await fetch(`${server.url}/api/paywall`)).status).toBe(401);
    const withoutCompany = await createTestAccount(server.db, { company: false });
    expect((await paywall(withoutCompany)).status).toBe(403);
  });
});

describe('checkout on the embedded simulator', () => {
  it('opens a checkout session whose page shows the plan, its price and a prefilled test card', async () => {
    const account = await createTestAccount(server.db);
    const { status, body } = await checkout(account, 'monthly');
    expect(status).toBe(200);
    // APP_URL unset: the checkout opens, and returns, on the address the app was used on.
    expect(body.data.url).toMatch(new RegExp(`^${server.url}/dev/stripe/checkout/cs_test_[A-Za-z0-9]+$`));

    const page = await fetch(body.data.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = (await page.text()).replaceAll('\u00a0', ' ');
    expect(html).toContain('Fechaí Mensal');
    expect(html).toContain('R$ 97,00 por mês');
    expect(html).toContain('Pagar R$ 97,00');
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain(`href="${server.url}/paywall">Cancelar e voltar</a>`);
    expect(html).toContain(`value="${account.email}"`);

    // The company now pays as a Stripe customer, reused by its next checkout.
    const customer = await server.db.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM companies WHERE id = $1',
      [account.companyId],
    );
    expect(customer.rows[0]!.stripe_customer_id).toMatch(/^cus_/);
    await checkout(account, 'yearly');
    const customers = await server.db.query(
      `SELECT 1 FROM dev_stripe_objects WHERE object = 'customer' AND data->'metadata'->>'company_id' = $1`,
      [account.companyId],
    );
    expect(customers.rowCount).toBe(1);
  });

  it('refuses an unknown plan with a 400', async () => {
    const account = await createTestAccount(server.db);
    const { status, body } = await checkout(account, 'semestral');
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
  });

  it('paying activates the subscription: webhooks applied, back to /home?paymentsuccess, session active', async () => {
    const account = await createTestAccount(server.db);
    expect(await sessionActive(account)).toBe(false);

    const started = await checkout(account, 'monthly');
    const paid = await payOnCheckoutPage(started.body.data.url, { origin: server.url });
    expect(paid.status).toBe(303);
    const sessionId = /cs_test_[A-Za-z0-9]+/.exec(started.body.data.url)![0];
    expect(paid.location).toBe(`${server.url}/api/billing/checkout/return?session_id=${sessionId}`);

    // The simulator delivered its three signed events before redirecting.
    const events = await server.db.query<{ type: string; outcome: string; company_id: string }>(
      'SELECT type, outcome, company_id FROM billing_events WHERE company_id = $1 ORDER BY type',
      [account.companyId],
    );
    expect(events.rows.map((row) => row.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(await sessionActive(account)).toBe(true);

    expect(await followReturn(paid.location!)).toEqual({
      status: 303,
      location: `/home?paymentsuccess=${sessionId}`,
    });

    const { body } = await settings(account);
    expect(paidSubscriptionSchema.safeParse(body.data.subscription).success).toBe(true);
    const subscription = body.data.subscription!;
    expect(subscription).toMatchObject({
      status: 'active',
      plan: { id: 'monthly', priceCents: 9700 },
      nextChargeCents: 9700,
      cancelAtPeriodEnd: false,
    });
    expect(subscription.nextChargeAt).toBe(subscription.currentPeriodEnd);
    const days = (Date.parse(subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    expect((await paywall(account)).body.data).toMatchObject({ reason: 'none', hasActiveSubscription: true });
    const rows = await server.db.query('SELECT 1 FROM subscriptions WHERE company_id = $1', [
      account.companyId,
    ]);
    expect(rows.rowCount).toBe(1);
  });

  it('the yearly plan runs for a year', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account, 'yearly');
    const subscription = (await settings(account)).body.data.subscription!;
    expect(subscription.plan?.id).toBe('yearly');
    expect(subscription.nextChargeCents).toBe(97000);
    const days = (Date.parse(subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it('refuses a second checkout while a paid subscription is current (409)', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    const { status, body } = await checkout(account, 'yearly');
    expect(status).toBe(409);
    expect(body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: 'Sua empresa já tem uma assinatura ativa.',
    });
  });

  it('allows a checkout during the free trial, and the paid subscription becomes the current one', async () => {
    const account = await createTestAccount(server.db, { subscription: 'trialing' });
    await subscribe(account);
    const subscription = (await settings(account)).body.data.subscription!;
    expect(subscription).toMatchObject({ status: 'active', plan: { id: 'monthly' } });
  });

  it('a declined card stays on the page with the error and activates nothing', async () => {
    const account = await createTestAccount(server.db);
    const started = await checkout(account, 'monthly');
    const declined = await payOnCheckoutPage(started.body.data.url, {
      origin: server.url,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('Seu cartão foi recusado.');
    expect(await sessionActive(account)).toBe(false);
    const events = await server.db.query('SELECT 1 FROM billing_events WHERE company_id = $1', [
      account.companyId,
    ]);
    expect(events.rowCount).toBe(0);

    // Coming back without paying leads to the paywall.
    const sessionId = /cs_test_[A-Za-z0-9]+/.exec(started.body.data.url)![0];
    expect(await followReturn(`${server.url}/api/billing/checkout/return?session_id=${sessionId}`)).toEqual({
      status: 303,
      location: '/paywall',
    });
  });

  it('the return with a missing, malformed or unknown session id goes to the paywall', async () => {
    for (const query of ['', '?session_id=', '?session_id=nada', '?session_id=cs_test_naoexiste']) {
      expect(await followReturn(`${server.url}/api/billing/checkout/return${query}`)).toEqual({
        status: 303,
        location: '/paywall',
      });
    }
  });
});

describe('after the subscription starts', () => {
  it('cancel at period end: Stripe and settings agree, no next charge; undoing it brings the charge back', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    const put = (cancelAtPeriodEnd: boolean) =>
      api<{ subscription: PaidSubscription }>(
        account,
        'PUT',
        '/api/settings/subscription/cancel-at-period-end',
        {
          cancelAtPeriodEnd,
        },
      );

    const cancelled = await put(true);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      nextChargeCents: null,
    });
    const atStripe = await server.db.query<{ cancel: boolean }>(
      `SELECT (data->>'cancel_at_period_end')::boolean AS cancel FROM dev_stripe_objects WHERE id = $1`,
      [await stripeSubscriptionOf(account.companyId!)],
    );
    expect(atStripe.rows[0]!.cancel).toBe(true);
    // Still current until the period ends.
    expect(await sessionActive(account)).toBe(true);
    expect((await settings(account)).body.data.subscription!.cancelAtPeriodEnd).toBe(true);

    const resumed = await put(false);
    expect(resumed.body.data.subscription).toMatchObject({ cancelAtPeriodEnd: false, nextChargeCents: 9700 });
  });

  it('cancel at period end is refused (409) during a trial and without any subscription', async () => {
    for (const options of [{ subscription: 'trialing' as const }, {}]) {
      const account = await createTestAccount(server.db, options);
      const { status, body } = await api(account, 'PUT', '/api/settings/subscription/cancel-at-period-end', {
        cancelAtPeriodEnd: true,
      });
      expect(status).toBe(409);
      expect(body.error).toBe(
        'Sua empresa não tem uma assinatura paga em andamento. Durante o teste grátis não há cobrança para cancelar.',
      );
    }
  });

  it('a failed renewal sends the company to the paywall (past_due); paying again replaces the unpaid subscription', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    const first = await stripeSubscriptionOf(account.companyId!);
    await control(first, 'fail-renewal');

    expect(await sessionActive(account)).toBe(false);
    const wall = (await paywall(account)).body.data;
    expect(wall).toMatchObject({ reason: 'past_due', hasActiveSubscription: false });
    expect((await settings(account)).body.data.subscription).toMatchObject({
      status: 'past_due',
      nextChargeAt: null,
    });

    // A new checkout is allowed, and the unpaid subscription is ended at Stripe so it stops retrying.
    await subscribe(account);
    expect(await sessionActive(account)).toBe(true);
    const old = await server.db.query<{ status: string }>(
      'SELECT status FROM subscriptions WHERE stripe_subscription_id = $1',
      [first],
    );
    expect(old.rows[0]!.status).toBe('canceled');
    expect((await settings(account)).body.data.subscription).toMatchObject({ status: 'active' });
  });

  it('a renewal after a failure makes it active again', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    const id = await stripeSubscriptionOf(account.companyId!);
    await control(id, 'fail-renewal');
    expect(await sessionActive(account)).toBe(false);
    await control(id, 'renew');
    expect(await sessionActive(account)).toBe(true);
  });

  it('a cancellation ends access: paywall reason canceled with when it ended', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    await control(await stripeSubscriptionOf(account.companyId!), 'cancel');
    expect(await sessionActive(account)).toBe(false);
    const wall = (await paywall(account)).body.data;
    expect(wall.reason).toBe('canceled');
    expect(Math.abs(Date.parse(wall.endedAt!) - Date.now())).toBeLessThan(60_000);
    expect((await settings(account)).body.data.subscription).toMatchObject({
      status: 'canceled',
      nextChargeAt: null,
      nextChargeCents: null,
    });
  });

  it('keeps each company to its own subscription', async () => {
    const a = await createTestAccount(server.db);
    const b = await createTestAccount(server.db);
    await subscribe(a);
    expect((await settings(b)).body.data.subscription).toBeNull();
    expect(await sessionActive(b)).toBe(false);
    const { status } = await api(b, 'PUT', '/api/settings/subscription/cancel-at-period-end', {
      cancelAtPeriodEnd: true,
    });
    expect(status).toBe(409);
    expect((await settings(a)).body.data.subscription!.cancelAtPeriodEnd).toBe(false);
  });

  it('the control page lists the subscription and its events', async () => {
    const account = await createTestAccount(server.db);
    await subscribe(account);
    const page = await fetch(`${server.url}/dev/stripe`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(await stripeSubscriptionOf(account.companyId!));
    expect(html).toContain('Falhar renovação (cartão recusado)');
    expect(html).toContain('customer.subscription.created');
    expect(html).toContain('HTTP 200');
  });
});
