import { randomBytes } from 'node:crypto';
import { loadServerSecret } from '../../../db/server-secret';
import type { Queryable } from '../../../db/types';

export interface SimulatorCredentials {
  /** The API key the simulator accepts (Bearer), shaped like Stripe's test keys. */
  secretKey: string;
  /** The secret its webhook deliveries are signed with. */
  webhookSecret: string;
}

const NAMES = { secretKey: 'dev_stripe_secret_key', webhookSecret: 'dev_stripe_webhook_secret' } as const;

/**
 * The embedded simulator's key and webhook secret: generated once and kept in the database, so the
 * app (as the simulator's client and webhook receiver) and the simulator agree, across instances and
 * restarts. Whichever instance inserts first wins.
 */
export async function loadSimulatorCredentials(db: Queryable): Promise<SimulatorCredentials> {
  return {
    secretKey: await loadServerSecret(
      db,
      NAMES.secretKey,
      () => `sk_test_dev_${randomBytes(24).toString('hex')}`,
    ),
    webhookSecret: await loadServerSecret(
      db,
      NAMES.webhookSecret,
      () => `whsec_dev_${randomBytes(24).toString('hex')}`,
    ),
  };
}
