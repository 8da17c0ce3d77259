import type { Server } from 'node:http';
import type { PlanId } from '../../../contracts/billing';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { loopbackUrl } from '../../http/loopback-url';
import { createStripeClient, type StripeClient } from '../../integrations/billing/stripe-client';
import {
  loadSimulatorCredentials,
  type SimulatorCredentials,
} from '../../integrations/billing/stripe-simulator/credentials';
import { simulatorPrices } from '../../integrations/billing/stripe-simulator/prices';
import { memo } from '../../lib/load-once';

/** The Stripe the app takes payments with: the real one, or the embedded simulator. */
export interface StripeAccount {
  kind: 'stripe' | 'simulator';
  client: StripeClient;
  /** The secret webhook signatures are checked with. */
  webhookSecret(): Promise<string>;
  /** The Stripe price each plan is sold at. */
  priceIds: Record<PlanId, string>;
}

export interface EmbeddedSimulator {
  credentials: () => Promise<SimulatorCredentials>;
  prices: ReturnType<typeof simulatorPrices>;
  /** Base of this server's own address (the simulator's API and the webhook it calls). */
  selfUrl: () => string;
}

/**
 * STRIPE_SECRET_KEY set: Stripe's API. Otherwise, with dev pages on, the simulator this server embeds
 * under /dev/stripe, reached over HTTP at the server's own address (the same client and webhook code
 * as with Stripe); its key and webhook secret live in server_secrets. Otherwise null: no payments.
 */
export function resolveStripeAccount(
  config: Config,
  db: Queryable,
  server: Server,
): { account: StripeAccount | null; simulator: EmbeddedSimulator | null } {
  const { stripe } = config.billing;
  if (stripe) {
    return {
      account: {
        kind: 'stripe',
        client: createStripeClient({ apiBase: stripe.apiBase, secretKey: stripe.secretKey }),
        webhookSecret: async () => stripe.webhookSecret,
        priceIds: stripe.priceIds,
      },
      simulator: null,
    };
  }
  if (!config.devPages) return { account: null, simulator: null };
  const credentials = memo(() => loadSimulatorCredentials(db));
  const prices = simulatorPrices(config.billing.priceCents);
  const selfUrl = () => loopbackUrl(server);
  return {
    account: {
      kind: 'simulator',
      client: createStripeClient({
        apiBase: () => `${selfUrl()}/dev/stripe`,
        secretKey: async () => (await credentials()).secretKey,
      }),
      webhookSecret: async () => (await credentials()).webhookSecret,
      priceIds: { monthly: prices.monthly.id, yearly: prices.yearly.id },
    },
    simulator: { credentials, prices, selfUrl },
  };
}
