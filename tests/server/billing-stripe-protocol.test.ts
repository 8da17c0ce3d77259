import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripeClient,
  StripeApiError,
  type StripeClient,
  StripeUnreachableError,
} from '../../server/integrations/billing/stripe-client';
import { decodeStripeForm, encodeStripeForm } from '../../server/integrations/billing/stripe-form';
import { STRIPE_API_VERSION } from '../../server/integrations/billing/stripe-objects';
import { verifyStripeSignature } from '../../server/integrations/billing/webhook-signature';
import { openTestDb, type TestDb } from '../support/db';
import { stripeSignature } from '../support/stripe-signature';
import { type StandaloneStripeSimulator, startStripeSimulator } from '../support/stripe-simulator';

/** Stripe's wire protocol as our client and the simulator speak it: form bodies, errors, signatures. */

describe('form bodies with brackets', () => {
  it('encodes nested objects and arrays the way Stripe reads them, and decodes them back', () => {
    const form = encodeStripeForm({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: 1 }],
      metadata: { company_id: 'abc', plan: 'monthly' },
      subscription_data: { metadata: { company_id: 'abc' } },
      cancel_at_period_end: false,
      skipped: undefined,
      nothing: null,
    });
    expect(form.toString()).toBe(
      'mode=subscription&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=1' +
        '&metadata%5Bcompany_id%5D=abc&metadata%5Bplan%5D=monthly' +
        '&subscription_data%5Bmetadata%5D%5Bcompany_id%5D=abc&cancel_at_period_end=false',
    );
    expect(JSON.parse(JSON.stringify(decodeStripeForm(form.toString())))).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { company_id: 'abc', plan: 'monthly' },
      subscription_data: { metadata: { company_id: 'abc' } },
      cancel_at_period_end: 'false',
    });
  });

  it('reads `key[]` as a list and never writes through __proto__', () => {
    const decoded = decodeStripeForm('expand[]=a&expand[]=b&__proto__[x]=1&a[constructor][y]=2&ok=1');
    expect(JSON.parse(JSON.stringify(decoded))).toEqual({ expand: ['a', 'b'], ok: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('skips keys nested deeper than any Stripe parameter, however deep they go', () => {
    const deep = `metadata${'[a]'.repeat(100_000)}=1`;
    const decoded = decodeStripeForm(`${deep}&line_items[0][price_data][product_data][name]=Bolo&ok=1`);
    expect(JSON.parse(JSON.stringify(decoded))).toEqual({
      line_items: [{ price_data: { product_data: { name: 'Bolo' } } }],
      ok: '1',
    });
  });
});

describe('webhook signature verification', () => {
  const secret = 'whsec_test_secret';
  const payload = '{"id":"evt_1","object":"event"}';
  const now = 1_750_000_000;

  it('accepts what Stripe signs, within five minutes', () => {
    for (const age of [0, 300]) {
      expect(
        verifyStripeSignature({
          payload,
          secret,
          header: stripeSignature(payload, secret, now - age),
          nowSeconds: now,
        }),
      ).toEqual({ valid: true, timestamp: now - age });
    }
  });

  it('says why it refuses', () => {
    const check = (header: string | undefined, body = payload) =>
      verifyStripeSignature({ payload: body, secret, header, nowSeconds: now });
    expect(check(undefined)).toEqual({ valid: false, reason: 'missing' });
    expect(check('v1=abc')).toEqual({ valid: false, reason: 'malformed' });
    expect(check(`t=${now}`)).toEqual({ valid: false, reason: 'malformed' });
    expect(check(stripeSignature(payload, 'whsec_other', now))).toEqual({ valid: false, reason: 'mismatch' });
    expect(check(stripeSignature(payload, secret, now), `${payload} `)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(check(stripeSignature(payload, secret, now - 301))).toEqual({ valid: false, reason: 'expired' });
    // A v0 (test-mode legacy) signature is not a v1.
    const v0 = stripeSignature(payload, secret, now).replace('v1=', 'v0=');
    expect(check(v0)).toEqual({ valid: false, reason: 'malformed' });
  });
});

describe('the Stripe simulator over HTTP, through our client', () => {
  let testDb: TestDb;
  let stripe: StandaloneStripeSimulator;
  let client: StripeClient;

  beforeAll(async () => {
    testDb = await openTestDb();
    stripe = await startStripeSimulator(testDb.db, { delivery: 'manual' });
    client = createStripeClient({ apiBase: stripe.apiBase, secretKey: stripe.secretKey });
  });
  afterAll(async () => {
    await stripe?.close();
    await testDb?.close();
  });

  const raw = (method: string, path: string, init: { key?: string | null; body?: string } = {}) =>
    fetch(`${stripe.apiBase}${path}`, {
      method,
      headers: {
        ...(init.key !== null && { authorization: `Bearer ${init.key ?? stripe.secretKey}` }),
        'stripe-version': STRIPE_API_VERSION,
        ...(init.body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(init.body !== undefined && { body: init.body }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, never>,
    }));

  it('wants the Bearer key, answering Stripe’s error object', async () => {
    expect(await raw('POST', '/v1/customers', { key: null, body: 'name=x' })).toEqual({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } },
    });
    const wrong = await raw('POST', '/v1/customers', { key: 'sk_test_errada0000', body: 'name=x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****0000' },
    });
  });

  it('creates customers and checkout sessions from form bodies, in Stripe’s shapes', async () => {
    const customer = await client.createCustomer({
      name: 'Doces',
      email: 'a@b.com',
      metadata: { company_id: 'c1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'a@b.com',
      name: 'Doces',
      metadata: { company_id: 'c1' },
    });
    expect(customer.id).toMatch(/^cus_/);

    const session = await client.createCheckoutSession({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: stripe.prices.yearly.id, quantity: 1 }],
      client_reference_id: 'c1',
      metadata: { company_id: 'c1', plan: 'yearly' },
      success_url: 'https://app.test/volta?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.test/paywall',
      locale: 'pt-BR',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      subscription: null,
      client_reference_id: 'c1',
      metadata: { company_id: 'c1', plan: 'yearly' },
      amount_total: 97000,
      currency: 'brl',
      locale: 'pt-BR',
      url: `${stripe.url}/dev/stripe/checkout/${session.id}`,
    });
    expect(await client.retrieveCheckoutSession(session.id)).toEqual(session);
  });

  it('refuses bad requests with Stripe’s error codes and params, which our client surfaces', async () => {
    const missingMode = await raw('POST', '/v1/checkout/sessions', { body: 'success_url=https://a.test' });
    expect(missingMode).toEqual({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'Missing required param: mode.',
          code: 'parameter_missing',
          param: 'mode',
        },
      },
    });

    const error = await client
      .createCheckoutSession({
        mode: 'subscription',
        line_items: [{ price: 'price_nenhum', quantity: 1 }],
        success_url: 'https://a.test',
      })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      transient: false,
    });

    const missing = await client.retrieveSubscription('sub_nenhuma').catch((err: unknown) => err);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });

    const unknown = await raw('GET', '/v1/balance');
    expect(unknown).toEqual({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/balance).' },
      },
    });
  });

  it('an unreachable Stripe is StripeUnreachableError', async () => {
    const offline = createStripeClient({
      apiBase: 'http://127.0.0.1:9',
      secretKey: 'sk_test_x',
      timeoutMs: 2000,
    });
    await expect(offline.retrieveSubscription('sub_1')).rejects.toBeInstanceOf(StripeUnreachableError);
  });
});
