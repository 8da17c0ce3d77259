import { randomBytes } from 'node:crypto';
import { loadServerSecret } from '../../../db/server-secret';
import type { Queryable } from '../../../db/types';

/** What the app and the local Cloud API must agree on, as they would with Meta. */
export interface WhatsappSimulatorCredentials {
  /** The Meta app's id the signup page and the code exchange expect. */
  appId: string;
  /** The app secret: signs webhooks (X-Hub-Signature-256) and exchanges codes. */
  appSecret: string;
  /** The webhook verification handshake's token. */
  verifyToken: string;
}

const NAMES = {
  appId: 'dev_whatsapp_app_id',
  appSecret: 'dev_whatsapp_app_secret',
  verifyToken: 'dev_whatsapp_verify_token',
} as const;

/**
 * The local Cloud API's app id, app secret and verify token: generated once and kept in the
 * database, so the app (client, webhook receiver) and the simulator agree across instances and
 * restarts. Whichever instance inserts first wins.
 */
export async function loadWhatsappSimulatorCredentials(db: Queryable): Promise<WhatsappSimulatorCredentials> {
  return {
    appId: await loadServerSecret(db, NAMES.appId, () =>
      String(100_000_000_000_000 + randomBytes(4).readUInt32BE()),
    ),
    appSecret: await loadServerSecret(db, NAMES.appSecret, () => randomBytes(16).toString('hex')),
    verifyToken: await loadServerSecret(
      db,
      NAMES.verifyToken,
      () => `dev-verify-${randomBytes(12).toString('hex')}`,
    ),
  };
}
