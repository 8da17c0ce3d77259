import type { Queryable } from '../../db/types';
import { loadWhatsappSimulatorCredentials } from './simulator/credentials';

/** What receiving webhooks needs from the Meta app: the signing secret and the handshake's token. */
export interface WhatsappWebhookSecrets {
  appSecret: string;
  verifyToken: string;
}

export interface WhatsappWebhookEnv {
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
}

/**
 * The webhook's secrets: Meta's app secret and verify token from the environment when both are set,
 * otherwise the local Cloud API's (kept in the database, shared by every instance). Resolved once and
 * remembered: neither changes while the server runs.
 */
export function whatsappWebhookSecrets(
  db: Queryable,
  env: WhatsappWebhookEnv,
): () => Promise<WhatsappWebhookSecrets> {
  let resolved: Promise<WhatsappWebhookSecrets> | undefined;
  const resolve = async (): Promise<WhatsappWebhookSecrets> => {
    if (env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN) {
      return { appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN };
    }
    const { appSecret, verifyToken } = await loadWhatsappSimulatorCredentials(db);
    return { appSecret, verifyToken };
  };
  return () => {
    // A failure (database down) is not remembered: the next request tries again.
    resolved ??= resolve().catch((err: unknown) => {
      resolved = undefined;
      throw err;
    });
    return resolved;
  };
}
