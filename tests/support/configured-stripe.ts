import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/db/types';
import { WEBHOOK_PATH } from '../../server/modules/billing/webhook-route';
import { openTestDb, type TestDb } from './db';
import { startTestServer, type TestServer } from './server';
import { type StandaloneStripeSimulator, startStripeSimulator } from './stripe-simulator';

/** The environment that points the app at `stripe` (the configured path); `overrides` replace some of it. */
export function configuredStripeEnv(
  stripe: StandaloneStripeSimulator,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
    STRIPE_PRICE_MONTHLY: stripe.prices.monthly.id,
    STRIPE_PRICE_YEARLY: stripe.prices.yearly.id,
    ...overrides,
  };
}

/** An event the simulator holds (dev_stripe_events.data), as the tests read and deliver it. */
export type StripeEventJson = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

export interface ConfiguredStripe {
  testDb: TestDb;
  db: Db;
  /** Sends its events only when the test delivers them: the test decides when, how often and in which order. */
  stripe: StandaloneStripeSimulator;
  server: TestServer;
  /** The server's webhook, where the simulator signs its events for. */
  webhookUrl: string;
}

/**
 * The set-up of a test file about the configured Stripe: a database, a Stripe simulator on a port of
 * its own holding its events, and the real server configured for it through STRIPE_*. Started in
 * beforeAll, closed in afterAll; its fields are read inside tests.
 */
export function withConfiguredStripe(): ConfiguredStripe {
  let testDb: TestDb | undefined;
  let stripe: StandaloneStripeSimulator | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    testDb = await openTestDb();
    stripe = await startStripeSimulator(testDb.db, { delivery: 'manual' });
    server = await startTestServer({ db: testDb.db, env: configuredStripeEnv(stripe) });
    stripe.setWebhookUrl(`${server.url}${WEBHOOK_PATH}`);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
    await testDb?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('withConfiguredStripe: it starts in beforeAll; use it inside tests');
    return value;
  };
  return {
    get testDb() {
      return started(testDb);
    },
    get db() {
      return started(testDb).db;
    },
    get stripe() {
      return started(stripe);
    },
    get server() {
      return started(server);
    },
    get webhookUrl() {
      return `${started(server).url}${WEBHOOK_PATH}`;
    },
  };
}
