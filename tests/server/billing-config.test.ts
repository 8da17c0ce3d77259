import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { WEBHOOK_PATH } from '../../server/modules/billing/webhook-route';
import { createTestAccount, sessionHeadersFor } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { postStripeEvent } from '../support/stripe-signature';

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_live_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
  STRIPE_PRICE_MONTHLY: 'price_mensal',
  STRIPE_PRICE_YEARLY: 'price_anual',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('billing configuration', () => {
  it('defaults: R$ 97,00 a month, R$ 970,00 a year, no Stripe (the simulator in dev)', () => {
    expect(loadConfig({}).billing).toEqual({ priceCents: { monthly: 9700, yearly: 97000 }, stripe: null });
  });

  it('reads Stripe and the prices', () => {
    const config = loadConfig({
      ...stripeEnv,
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      PLAN_MONTHLY_PRICE_CENTS: '4990',
      PLAN_YEARLY_PRICE_CENTS: '49900',
    });
    expect(config.billing).toEqual({
      priceCents: { monthly: 4990, yearly: 49900 },
      stripe: {
        secretKey: 'sk_live_0123456789',
        webhookSecret: 'whsec_0123456789',
        apiBase: 'http://127.0.0.1:12111',
        priceIds: { monthly: 'price_mensal', yearly: 'price_anual' },
      },
    });
    expect(loadConfig(stripeEnv).billing.stripe?.apiBase).toBe('https://api.stripe.com');
  });

  it('wants the secret key and the webhook secret together, and both prices with them', () => {
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_test_123' })).toContain(
      'STRIPE_WEBHOOK_SECRET: obrigatório junto com STRIPE_SECRET_KEY.',
    );
    expect(refusal({ STRIPE_WEBHOOK_SECRET: 'whsec_123' })).toContain(
      'STRIPE_SECRET_KEY: obrigatório junto com STRIPE_WEBHOOK_SECRET.',
    );
    const withoutPrices = refusal({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(withoutPrices).toContain('STRIPE_PRICE_MONTHLY: obrigatório com STRIPE_SECRET_KEY');
    expect(withoutPrices).toContain('STRIPE_PRICE_YEARLY: obrigatório com STRIPE_SECRET_KEY');
  });

  it('refuses values that are not what Stripe gives', () => {
    expect(refusal({ ...stripeEnv, STRIPE_SECRET_KEY: 'pk_live_123' })).toContain('STRIPE_SECRET_KEY');
    expect(refusal({ ...stripeEnv, STRIPE_WEBHOOK_SECRET: 'segredo' })).toContain('STRIPE_WEBHOOK_SECRET');
    expect(refusal({ PLAN_MONTHLY_PRICE_CENTS: '97,00' })).toContain('PLAN_MONTHLY_PRICE_CENTS');
    expect(refusal({ STRIPE_API_BASE: 'api.stripe.com' })).toContain('STRIPE_API_BASE');
  });
});

describe('production without Stripe and without dev pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    // APP_URL as the test accounts' tokens name their issuer (loadConfig's default).
    server = await startTestServer({ env: { NODE_ENV: 'production', APP_URL: loadConfig({}).appUrl } });
  });
  afterAll(() => server?.close());

  it('checkout answers 503 "Pagamento indisponível", the paywall still shows the plans, no simulator', async () => {
    const account = await createTestAccount(server.db);
    const response = await fetch(`${server.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { ...sessionHeadersFor(account), 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 'monthly' }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Pagamento indisponível no momento. Tente novamente mais tarde.',
    });

    const paywall = await fetch(`${server.url}/api/paywall`, { headers: sessionHeadersFor(account) });
    expect(((await paywall.json()) as { data: { plans: unknown[] } }).data.plans).toHaveLength(2);

    expect((await fetch(`${server.url}/dev/stripe`)).status).toBe(404);
    expect((await fetch(`${server.url}/dev/stripe/v1/customers`, { method: 'POST' })).status).toBe(404);
    const webhook = await postStripeEvent(
      `${server.url}${WEBHOOK_PATH}`,
      { id: 'evt_1' },
      { secret: 'whsec_x' },
    );
    expect(webhook.status).toBe(503);
    const stored = await server.db.query('SELECT 1 FROM billing_events');
    expect(stored.rowCount).toBe(0);
  });
});
