import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/types';
import type { SimulatorPrice } from '../../server/integrations/billing/stripe-simulator/prices';
import { stripeSimulatorRoutes } from '../../server/integrations/billing/stripe-simulator/routes';

export interface StandaloneStripeSimulator {
  /** `http://127.0.0.1:<port>`: its pages are under /dev/stripe. */
  url: string;
  /** What STRIPE_API_BASE points at. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: SimulatorPrice; yearly: SimulatorPrice };
  /** Where its events go; set once the app under test listens. */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/**
 * The Stripe simulator on a port of its own, as a separate "Stripe" the app reaches through
 * STRIPE_API_BASE with STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET / STRIPE_PRICE_* (the configured path,
 * not the embedded default). State lives in `db` (the app's test database is fine).
 */
export async function startStripeSimulator(
  db: Db,
  options: { delivery?: 'immediate' | 'manual' } = {},
): Promise<StandaloneStripeSimulator> {
  const secretKey = 'sk_test_simulated_0123456789abcdef';
  const webhookSecret = 'whsec_simulated_0123456789abcdef';
  const prices = {
    monthly: {
      id: 'price_test_mensal',
      nickname: 'Fechaí Mensal',
      unitAmount: 9700,
      currency: 'brl',
      interval: 'month',
    },
    yearly: {
      id: 'price_test_anual',
      nickname: 'Fechaí Anual',
      unitAmount: 97000,
      currency: 'brl',
      interval: 'year',
    },
  } satisfies Record<string, SimulatorPrice>;
  let webhookUrl = 'http://127.0.0.1:9/unset';
  const app: FastifyInstance = Fastify({ logger: false });
  let url = '';
  await app.register(stripeSimulatorRoutes, {
    db,
    publicUrl: () => url,
    prices: [prices.monthly, prices.yearly],
    credentials: async () => ({ secretKey, webhookSecret }),
    webhookUrl: () => webhookUrl,
    delivery: options.delivery ?? 'immediate',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    apiBase: `${url}/dev/stripe`,
    secretKey,
    webhookSecret,
    prices,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    close: () => app.close(),
  };
}
