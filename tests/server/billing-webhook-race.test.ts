import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/types';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { type StripeEventJson, withConfiguredStripe } from '../support/configured-stripe';
import { payOnCheckoutPage } from '../support/stripe-checkout';
import { postStripeEvent } from '../support/stripe-signature';

/**
 * Stripe delivers a payment's events at once, often while the browser is coming back from Checkout:
 * several requests then write the same new subscription at the same time. Only PostgreSQL has
 * concurrent connections (PGlite runs one transaction at a time), so these run on DATABASE_URL.
 * The test holds the company's row so that both writers are inside their transactions together,
 * then lets them go.
 */

const setup = withConfiguredStripe();

/** A company pays on the checkout page; its events wait at the simulator. */
async function pay(account: TestAccount) {
  const response = await fetch(`${setup.server.url}/api/billing/checkout`, {
    method: 'POST',
    headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 'monthly' }),
  });
  const { data } = (await response.json()) as { data: { url: string } };
  const paid = await payOnCheckoutPage(data.url);
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.location!).searchParams.get('session_id')!;
  const event = async (type: string, objectId: string) => {
    const { rows } = await setup.db.query<{ data: StripeEventJson }>(
      `SELECT data FROM dev_stripe_events WHERE type = $1 AND data->'data'->'object'->>'id' = $2`,
      [type, objectId],
    );
    return rows[0]!.data;
  };
  const completed = await event('checkout.session.completed', sessionId);
  const created = await event('customer.subscription.created', String(completed.data.object.subscription));
  return { sessionId, completed, created };
}

const deliver = (event: StripeEventJson) =>
  postStripeEvent(setup.webhookUrl, event, { secret: setup.stripe.webhookSecret });

async function checkoutReturn(sessionId: string) {
  const response = await fetch(`${setup.server.url}/api/billing/checkout/return?session_id=${sessionId}`, {
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

/** Waits until some backend is blocked by one of `blockers`; answers its pid. */
async function blockedBy(blockers: number[], exclude: number[] = []): Promise<number> {
  for (;;) {
    const { rows } = await setup.db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE pg_blocking_pids(pid) && $1::int[] AND NOT (pid = ANY($2::int[]))`,
      [blockers, exclude],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `first`, waits until it is held up by the test's lock on the company, then `second`, waits
 * until it is held up behind `first`, and releases the company.
 */
async function together<A, B>(companyId: string, first: () => Promise<A>, second: () => Promise<B>) {
  const holder = await setup.testDb.openAnother();
  let a: Promise<A> | undefined;
  let b: Promise<B> | undefined;
  await holder.transaction(async (tx: Queryable) => {
    const me = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await tx.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
    a = first();
    const firstPid = await blockedBy([me]);
    b = second();
    await blockedBy([firstPid], [firstPid]);
  });
  return Promise.all([a!, b!]);
}

async function paidRows(companyId: string) {
  const { rows } = await setup.db.query<{ status: string }>(
    'SELECT status FROM subscriptions WHERE company_id = $1 AND stripe_subscription_id IS NOT NULL',
    [companyId],
  );
  return rows.map((row) => row.status);
}

describe.skipIf(!process.env.DATABASE_URL)('a new subscription written by two requests at once', () => {
  it('the checkout return behind the webhook still finds the payment and sends the browser home', async () => {
    const account = await createTestAccount(setup.db);
    const { sessionId, completed } = await pay(account);
    const [webhook, back] = await together(
      account.companyId!,
      () => deliver(completed),
      () => checkoutReturn(sessionId),
    );
    expect(webhook.status).toBe(200);
    expect(back).toEqual({ status: 303, location: `/home?paymentsuccess=${sessionId}` });
    expect(await paidRows(account.companyId!)).toEqual(['active']);
  });

  it('the webhook behind the checkout return is applied, not answered with an error Stripe must retry', async () => {
    const account = await createTestAccount(setup.db);
    const { sessionId, completed } = await pay(account);
    const [back, webhook] = await together(
      account.companyId!,
      () => checkoutReturn(sessionId),
      () => deliver(completed),
    );
    expect(back).toEqual({ status: 303, location: `/home?paymentsuccess=${sessionId}` });
    expect(webhook).toMatchObject({ status: 200, body: { success: true, data: { outcome: 'applied' } } });
    expect(await paidRows(account.companyId!)).toEqual(['active']);
    const { rows } = await setup.db.query<{ outcome: string }>(
      'SELECT outcome FROM billing_events WHERE id = $1',
      [completed.id],
    );
    expect(rows).toEqual([{ outcome: 'applied' }]);
  });

  it('two of the payment’s events delivered at once are both applied', async () => {
    const account = await createTestAccount(setup.db);
    const { completed, created } = await pay(account);
    const answers = await together(
      account.companyId!,
      () => deliver(completed),
      () => deliver(created),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await paidRows(account.companyId!)).toEqual(['active']);
    const { rows } = await setup.db.query<{ outcome: string }>(
      'SELECT outcome FROM billing_events WHERE id = ANY($1::text[]) ORDER BY outcome',
      [[completed.id, created.id]],
    );
    expect(rows).toEqual([{ outcome: 'applied' }, { outcome: 'applied' }]);
  });
});
