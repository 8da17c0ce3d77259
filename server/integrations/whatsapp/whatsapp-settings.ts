import type { Server } from 'node:http';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { loopbackUrl } from '../../http/loopback-url';
import { memo } from '../../lib/load-once';
import { createGraphClient, type GraphClient } from './graph-client';
import { loadWhatsappSimulatorCredentials, type WhatsappSimulatorCredentials } from './simulator/credentials';

/** Where the Graph API of the embedded simulator lives, under this server's own address. */
export const SIMULATOR_GRAPH_PATH = '/dev/whatsapp/graph';
/** The simulator's Embedded Signup popup page. */
export const SIMULATOR_SIGNUP_PATH = '/dev/whatsapp/signup';
/** Facebook's JavaScript SDK (FB.login) and the origin its Embedded Signup messages come from. */
const META_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const META_MESSAGE_ORIGIN = 'https://www.facebook.com';

/** What the simulator's signup page answers for config_id (it has one popup for both modes). */
const SIMULATOR_CONFIG_IDS = { cloudApi: '100000000000001', coexistence: '100000000000002' } as const;

/** Neither Meta's app nor the local Cloud API is on (production without WHATSAPP_APP_ID). */
export const WHATSAPP_UNAVAILABLE_TEXT = 'O WhatsApp não está disponível neste servidor.';

/** The secrets a webhook from Meta (or the simulator) is checked with. */
export interface WhatsappWebhookSecrets {
  /** Signs each POST: X-Hub-Signature-256 = HMAC-SHA256(appSecret, raw body). */
  appSecret: string;
  /** The GET handshake's hub.verify_token. */
  verifyToken: string;
}

/** The WhatsApp Business platform this server talks to: Meta's, or the embedded simulator. */
export interface WhatsappSettings {
  kind: 'meta' | 'simulator';
  /** The Graph API, at Meta or at the simulator: the same client either way. */
  graph: GraphClient;
  graphVersion: string;
  /** The app's id and secret (the code exchange). */
  app(): Promise<{ appId: string; appSecret: string }>;
  webhookSecrets(): Promise<WhatsappWebhookSecrets>;
  configIds: { cloudApi: string; coexistence: string };
  /** `meta`: the SDK; `simulator`: the signup page's path on the app's own origin. */
  sdkUrl: string;
  /** `meta`: Facebook's origin; `simulator`: null, the page is on the app's own origin. */
  messageOrigin: string | null;
  /** The simulator's credentials and own address, for registering its routes; null with Meta. */
  simulator: { credentials: () => Promise<WhatsappSimulatorCredentials>; selfUrl: () => string } | null;
}

/**
 * WHATSAPP_APP_ID set: Meta's Graph API. Otherwise, with dev pages on, the local Cloud API this
 * server embeds under /dev/whatsapp, reached over HTTP at the server's own address (the same client
 * and webhook code as with Meta); its app id, secret and verify token live in server_secrets.
 * Otherwise null: WhatsApp is unavailable.
 */
export function resolveWhatsappSettings(
  config: Config,
  db: Queryable,
  server: Server,
): WhatsappSettings | null {
  const { meta, graphUrl, graphVersion } = config.whatsapp;
  if (meta) {
    return {
      kind: 'meta',
      graph: createGraphClient({ baseUrl: () => graphUrl, version: graphVersion }),
      graphVersion,
      app: async () => ({ appId: meta.appId, appSecret: meta.appSecret }),
      webhookSecrets: async () => ({ appSecret: meta.appSecret, verifyToken: meta.verifyToken }),
      configIds: { cloudApi: meta.configId, coexistence: meta.coexistenceConfigId },
      sdkUrl: META_SDK_URL,
      messageOrigin: META_MESSAGE_ORIGIN,
      simulator: null,
    };
  }
  if (!config.devPages) return null;
  const credentials = memo(() => loadWhatsappSimulatorCredentials(db));
  const selfUrl = () => loopbackUrl(server);
  return {
    kind: 'simulator',
    graph: createGraphClient({ baseUrl: () => `${selfUrl()}${SIMULATOR_GRAPH_PATH}`, version: graphVersion }),
    graphVersion,
    app: async () => {
      const { appId, appSecret } = await credentials();
      return { appId, appSecret };
    },
    webhookSecrets: async () => {
      const { appSecret, verifyToken } = await credentials();
      return { appSecret, verifyToken };
    },
    configIds: SIMULATOR_CONFIG_IDS,
    sdkUrl: SIMULATOR_SIGNUP_PATH,
    messageOrigin: null,
    simulator: { credentials, selfUrl },
  };
}
