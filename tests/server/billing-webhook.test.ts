import { describe, expect, it } from 'vitest';
import type { SessionCheck } from '../../contracts/session';
import { WEBHOOK_PATH } from '../../server/modules/billing/webhook-route';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import {
  configuredStripeEnv,
  type StripeEventJson,
  withConfiguredStripe,
} from '../support/configured-stripe';
import { startTestServer } from '../support/server';
import { payOnCheckoutPage } from '../support/stripe-checkout';
import { postStripeEvent, stripeSignature } from '../support/stripe-signature';
import { startStripeSimulator } from '../support/stripe-simulator';

/**
 * Stripe configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE, prices) against a
 * Stripe simulator of its own that only sends its events when told to: the test decides when, how
 * often and in which order the webhook hears about a payment.
 */

const setup = withConfiguredStripe();

/** The simulator's events after `seq`, oldest first. */
async function eventsSince(seq: number): Promise<StripeEventJson[]> {
  const { rows } = await setup.db.query<{ data: StripeEventJson }>(
    'SELECT data FROM dev_stripe_events WHERE seq > $1 ORDER BY seq',
    [seq],
  );
  return rows.map((row) => row.data);
}

async function lastSeq(): Promise<number> {
  const { rows } = await setup.db.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM dev_stripe_events',
  );
  return Number(rows[0]!.seq ?? 0);
}

/** A company pays on the checkout page; its events wait at the simulator (none delivered yet). */
async function pay(account: TestAccount) {
  const before = await lastSeq();
  const response = await fetch(`${setup.server.url}/api/billing/checkout`, {
    method: 'POST',
    headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 'monthly' }),
  });
  const { data } = (await response.json()) as { data: { url: string } };
  expect(data.url.startsWith(`${setup.stripe.url}/dev/stripe/checkout/cs_test_`)).toBe(true);
  const paid = await payOnCheckoutPage(data.url);
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.location!).searchParams.get('session_id')!;
  const events = await eventsSince(before);
  expect(events.map((event) => event.type)).toEqual([
    'checkout.session.completed',
    'customer.subscription.created',
    'invoice.paid',
  ]);
  const [completed, created, invoicePaid] = events as [StripeEventJson, StripeEventJson, StripeEventJson];
  return { sessionId, location: paid.location!, completed, created, invoicePaid };
}

/** One of the simulator's controls (renew, fail-renewal, cancel); answers the events it produced. */
async function control(
  subscriptionId: string,
  action: 'fail-renewal' | 'cancel',
): Promise<StripeEventJson[]> {
  const before = await lastSeq();
  const response = await fetch(`${setup.stripe.url}/dev/stripe/subscriptions/${subscriptionId}/${action}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return eventsSince(before);
}

/** Stripe delivering an event: signed with the endpoint secret, at `timestamp`. */
const deliver = (event: unknown, timestamp?: number) =>
  postStripeEvent(setup.webhookUrl, event, {
    signature: stripeSignature(JSON.stringify(event), setup.stripe.webhookSecret, timestamp),
  });

async function subscriptionRows(companyId: string) {
  const { rows } = await setup.db.query<{
    company_id: string;
    status: string;
    plan: string;
    current_period_end: string;
    cancel_at_period_end: boolean;
    stripe_subscription_id: string;
  }>(
    `SELECT company_id, status, plan, current_period_end, cancel_at_period_end, stripe_subscription_id
       FROM subscriptions WHERE company_id = $1 ORDER BY created_at`,
    [companyId],
  );
  return rows;
}

async function storedEvents(where = 'true', params: unknown[] = []) {
  const { rows } = await setup.db.query<{
    id: string;
    type: string;
    outcome: string;
    company_id: string | null;
  }>(`SELECT id, type, outcome, company_id FROM billing_events WHERE ${where} ORDER BY processed_at`, params);
  return rows;
}

async function sessionActive(account: TestAccount): Promise<boolean> {
  const response = await fetch(`${setup.server.url}/api/session/check`, {
    headers: sessionHeadersFor(account),
  });
  const { data } = (await response.json()) as { data: SessionCheck };
  return !data.hasNoCurrentSubscriptionActive;
}

async function checkoutReturn(sessionId: string) {
  const response = await fetch(`${setup.server.url}/api/billing/checkout/return?session_id=${sessionId}`, {
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

describe('the configured Stripe', () => {
  it('serves no embedded simulator: checkout goes to STRIPE_API_BASE', async () => {
    expect((await fetch(`${setup.server.url}/dev/stripe`)).status).toBe(404);
  });
});

describe('webhook signature', () => {
  it('refuses a wrong secret, a tampered body, a missing or malformed header and a stale timestamp, storing nothing', async () => {
    const account = await createTestAccount(setup.db);
    const { completed } = await pay(account);
    const body = JSON.stringify(completed);
    const now = Math.floor(Date.now() / 1000);
    const tampered = body.replace(account.companyId!, '00000000-0000-4000-8000-000000000000');
    expect(tampered).not.toBe(body);

    const attempts: Array<{ what: string; body: string; signature: string | null }> = [
      { what: 'wrong secret', body, signature: stripeSignature(body, 'whsec_outro_segredo') },
      { what: 'tampered body', body: tampered, signature: stripeSignature(body, setup.stripe.webhookSecret) },
      { what: 'missing header', body, signature: null },
      { what: 'malformed header', body, signature: 'assinado=sim' },
      { what: 'no v1', body, signature: `t=${now}` },
      {
        what: 'stale timestamp',
        body,
        signature: stripeSignature(body, setup.stripe.webhookSecret, now - 301),
      },
    ];
    for (const attempt of attempts) {
      const { status, body: answer } = await postStripeEvent(setup.webhookUrl, null, {
        body: attempt.body,
        signature: attempt.signature,
      });
      expect({ what: attempt.what, status }).toEqual({ what: attempt.what, status: 400 });
      expect(answer).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Assinatura do webhook inválida.',
      });
    }
    expect(await storedEvents('id = $1', [completed.id])).toEqual([]);
    expect(await subscriptionRows(account.companyId!)).toEqual([]);
    expect(await sessionActive(account)).toBe(false);

    // The same bytes, correctly signed within the tolerance, are accepted: the refusals were the signature's.
    const accepted = await postStripeEvent(setup.webhookUrl, null, {
      body,
      signature: stripeSignature(body, setup.stripe.webhookSecret, now - 290),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.outcome).toBe('applied');
    expect(await sessionActive(account)).toBe(true);
  });

  it('accepts any matching v1 among several (a secret being rolled)', async () => {
    const event = {
      id: 'evt_rolling_secret',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    };
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const mine = stripeSignature(body, setup.stripe.webhookSecret, now).split(',v1=')[1];
    const old = stripeSignature(body, 'whsec_antigo', now).split(',v1=')[1];
    const { status } = await postStripeEvent(setup.webhookUrl, null, {
      body,
      signature: `t=${now},v1=${old},v1=${mine},v0=abc`,
    });
    expect(status).toBe(200);
  });

  it('refuses a signed body that is not a Stripe event (400) and stores nothing', async () => {
    const before = (await storedEvents()).length;
    const { status, body } = await deliver({ hello: 'world' });
    expect(status).toBe(400);
    expect(body.error).toBe('Evento do webhook inválido.');
    expect(await storedEvents()).toHaveLength(before);
  });
});

describe('webhook events', () => {
  it('records an unknown event type and ignores it', async () => {
    const event = {
      id: 'evt_unknown_type_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_123', object: 'customer' } },
    };
    const { status, body } = await deliver(event);
    expect(status).toBe(200);
    expect(body.data?.outcome).toBe('ignored');
    expect(await storedEvents('id = $1', [event.id])).toEqual([
      { id: event.id, type: 'customer.created', outcome: 'ignored', company_id: null },
    ]);
  });

  it('a replayed event answers 200 and changes nothing', async () => {
    const account = await createTestAccount(setup.db);
    const { completed, created, invoicePaid } = await pay(account);
    for (const event of [completed, created, invoicePaid]) expect((await deliver(event)).status).toBe(200);
    const subscriptionId = (await subscriptionRows(account.companyId!))[0]!.stripe_subscription_id;

    // The subscription ends; replaying the old "created" (same event id) must not bring it back.
    const [deleted] = await control(subscriptionId, 'cancel');
    expect((await deliver(deleted)).body.data?.outcome).toBe('applied');
    const replay = await deliver(created);
    expect(replay).toEqual({
      status: 200,
      body: { success: true, data: { received: true, outcome: 'duplicate' } },
    });
    expect(await storedEvents('id = $1', [created.id])).toHaveLength(1);
    const rows = await subscriptionRows(account.companyId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('canceled');
    expect(await sessionActive(account)).toBe(false);
  });

  it('an older event arriving after a newer one changes nothing (canceled stays canceled)', async () => {
    const account = await createTestAccount(setup.db);
    const { created, invoicePaid } = await pay(account);
    const subscriptionId = String(created.data.object.id);
    const [deleted] = await control(subscriptionId, 'cancel');

    // Stripe's times: the cancellation a minute after the payment, delivered first.
    const t1 = created.created;
    expect((await deliver({ ...deleted!, created: t1 + 60 })).body.data?.outcome).toBe('applied');
    expect((await subscriptionRows(account.companyId!))[0]!.status).toBe('canceled');

    expect((await deliver({ ...created, created: t1 })).body.data?.outcome).toBe('stale');
    expect((await deliver({ ...invoicePaid, created: t1 })).body.data?.outcome).toBe('stale');
    expect((await subscriptionRows(account.companyId!)).map((row) => row.status)).toEqual(['canceled']);
    expect(await sessionActive(account)).toBe(false);
  });

  it('a payment failure is not undone by an older invoice.paid arriving late (stays past_due)', async () => {
    const account = await createTestAccount(setup.db);
    const { completed, created, invoicePaid } = await pay(account);
    for (const event of [completed, created]) await deliver(event);
    expect(await sessionActive(account)).toBe(true);
    const t1 = created.created;

    const failure = await control(String(created.data.object.id), 'fail-renewal');
    const failed = failure.find((event) => event.type === 'invoice.payment_failed')!;
    expect((await deliver({ ...failed, created: t1 + 3600 })).body.data?.outcome).toBe('applied');
    expect((await subscriptionRows(account.companyId!))[0]!.status).toBe('past_due');

    // The first invoice's invoice.paid, from before the failure, arrives only now.
    expect((await deliver({ ...invoicePaid, created: t1 + 1 })).body.data?.outcome).toBe('stale');
    expect((await subscriptionRows(account.companyId!))[0]!.status).toBe('past_due');
    expect(await sessionActive(account)).toBe(false);
  });

  it('events delivered in reverse order, with equal timestamps, end in Stripe’s current state', async () => {
    const account = await createTestAccount(setup.db);
    const { completed, created, invoicePaid } = await pay(account);
    const deletedEvents = await control(String(created.data.object.id), 'cancel');
    for (const event of [...deletedEvents, invoicePaid, created, completed].map((e) => ({
      ...e,
      created: 1_800_000_000,
    }))) {
      expect((await deliver(event)).status).toBe(200);
    }
    const rows = await subscriptionRows(account.companyId!);
    expect(rows.map((row) => row.status)).toEqual(['canceled']);
  });

  it('the checkout return applies the payment before the webhook; the webhook later is a no-op', async () => {
    const account = await createTestAccount(setup.db);
    const { sessionId, completed, created, invoicePaid } = await pay(account);
    expect(await sessionActive(account)).toBe(false);

    expect(await checkoutReturn(sessionId)).toEqual({
      status: 303,
      location: `/home?paymentsuccess=${sessionId}`,
    });
    expect(await sessionActive(account)).toBe(true);
    const before = await subscriptionRows(account.companyId!);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ status: 'active', plan: 'monthly', cancel_at_period_end: false });

    for (const event of [completed, created, invoicePaid]) expect((await deliver(event)).status).toBe(200);
    expect(await subscriptionRows(account.companyId!)).toEqual(before);

    // Coming back again (a reload) is the same.
    expect(await checkoutReturn(sessionId)).toEqual({
      status: 303,
      location: `/home?paymentsuccess=${sessionId}`,
    });
    expect(await subscriptionRows(account.companyId!)).toEqual(before);
  });

  it('the webhook before the return: the return finds it active and changes nothing', async () => {
    const account = await createTestAccount(setup.db);
    const { sessionId, completed, created, invoicePaid } = await pay(account);
    for (const event of [completed, created, invoicePaid]) await deliver(event);
    const before = await subscriptionRows(account.companyId!);
    expect(before.map((row) => row.status)).toEqual(['active']);
    expect(await checkoutReturn(sessionId)).toEqual({
      status: 303,
      location: `/home?paymentsuccess=${sessionId}`,
    });
    expect(await subscriptionRows(account.companyId!)).toEqual(before);
  });
});

describe('company scoping', () => {
  it('a payment lands on the paying company, whatever company a signed event names', async () => {
    const payer = await createTestAccount(setup.db);
    const other = await createTestAccount(setup.db);
    const { completed } = await pay(payer);
    const object = completed.data.object as { metadata: Record<string, string> };
    const forged = {
      ...completed,
      id: 'evt_forged_company',
      data: {
        object: {
          ...object,
          client_reference_id: other.companyId,
          metadata: { ...object.metadata, company_id: other.companyId! },
        },
      },
    };
    expect((await deliver(forged)).body.data?.outcome).toBe('applied');
    expect(await subscriptionRows(other.companyId!)).toEqual([]);
    expect((await subscriptionRows(payer.companyId!)).map((row) => row.status)).toEqual(['active']);
    expect(await sessionActive(other)).toBe(false);
  });

  it('an unsigned event naming another company moves nothing', async () => {
    const payer = await createTestAccount(setup.db);
    const other = await createTestAccount(setup.db);
    const { completed, created } = await pay(payer);
    await deliver(completed);
    const forged = {
      ...created,
      id: 'evt_unsigned_forgery',
      data: {
        object: { ...created.data.object, status: 'canceled', metadata: { company_id: other.companyId } },
      },
    };
    const { status } = await postStripeEvent(setup.webhookUrl, forged, { signature: null });
    expect(status).toBe(400);
    expect((await subscriptionRows(payer.companyId!)).map((row) => row.status)).toEqual(['active']);
    expect(await subscriptionRows(other.companyId!)).toEqual([]);
  });
});

describe('Stripe refusing or unreachable', () => {
  it('a refused checkout (unknown price) answers 502 in pt-BR and starts nothing', async () => {
    const misconfigured = await startTestServer({
      db: setup.db,
      env: configuredStripeEnv(setup.stripe, { STRIPE_PRICE_MONTHLY: 'price_que_nao_existe' }),
    });
    try {
      const account = await createTestAccount(setup.db);
      const response = await fetch(`${misconfigured.url}/api/billing/checkout`, {
        method: 'POST',
        headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
        body: JSON.stringify({ planId: 'monthly' }),
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        error: 'Não foi possível iniciar o pagamento. Tente novamente mais tarde.',
      });
      const sessions = await setup.db.query(
        `SELECT 1 FROM dev_stripe_objects WHERE object = 'checkout.session' AND data->>'client_reference_id' = $1`,
        [account.companyId],
      );
      expect(sessions.rowCount).toBe(0);
      expect(await subscriptionRows(account.companyId!)).toEqual([]);
    } finally {
      await misconfigured.close();
    }
  });

  it('Stripe down: checkout 503, the webhook 503 (Stripe retries later) with nothing stored, the return goes to the paywall', async () => {
    // A port nothing listens on: take one, then free it.
    const probe = await startStripeSimulator(setup.db);
    const deadBase = probe.apiBase;
    await probe.close();
    const offline = await startTestServer({
      db: setup.db,
      env: configuredStripeEnv(setup.stripe, { STRIPE_API_BASE: deadBase }),
    });
    try {
      const account = await createTestAccount(setup.db);
      const response = await fetch(`${offline.url}/api/billing/checkout`, {
        method: 'POST',
        headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
        body: JSON.stringify({ planId: 'yearly' }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        error: 'Pagamento indisponível no momento. Tente novamente mais tarde.',
      });
      const customer = await setup.db.query<{ stripe_customer_id: string | null }>(
        'SELECT stripe_customer_id FROM companies WHERE id = $1',
        [account.companyId],
      );
      expect(customer.rows[0]!.stripe_customer_id).toBeNull();

      // A real payment's event reaches this instance while Stripe is unreachable.
      const payer = await createTestAccount(setup.db);
      const { completed, sessionId } = await pay(payer);
      const webhook = await postStripeEvent(`${offline.url}${WEBHOOK_PATH}`, completed, {
        secret: setup.stripe.webhookSecret,
      });
      expect(webhook.status).toBe(503);
      expect(await storedEvents('id = $1', [completed.id])).toEqual([]);
      expect(await subscriptionRows(payer.companyId!)).toEqual([]);

      const back = await fetch(`${offline.url}/api/billing/checkout/return?session_id=${sessionId}`, {
        redirect: 'manual',
      });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe('/paywall');
    } finally {
      await offline.close();
    }
  });
});
