import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/types';

export interface SimulatorCredentials {
  /** The API key the simulator accepts (Bearer), shaped like Stripe's test keys. */
  secretKey: string;
  /** The secret its webhook deliveries are signed with. */
  webhookSecret: string;
}

const NAMES = { secretKey: 'dev_stripe_secret_key', webhookSecret: 'dev_stripe_webhook_secret' } as const;

async function loadSecret(db: Queryable, name: string, fresh: string): Promise<string> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    fresh,
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    name,
  ]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`the simulator secret ${name} could not be stored`);
  return value;
}

/**
 * The embedded simulator's key and webhook secret: generated once and kept in the database, so the
 * app (as the simulator's client and webhook receiver) and the simulator agree, across instances and
 * restarts. Whichever instance inserts first wins.
 */
export async function loadSimulatorCredentials(db: Queryable): Promise<SimulatorCredentials> {
  return {
    secretKey: await loadSecret(db, NAMES.secretKey, `sk_test_dev_${randomBytes(24).toString('hex')}`),
    webhookSecret: await loadSecret(db, NAMES.webhookSecret, `whsec_dev_${randomBytes(24).toString('hex')}`),
  };
}
