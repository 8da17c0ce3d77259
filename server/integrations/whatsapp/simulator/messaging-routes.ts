import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/types';
import { DEFAULT_LIMITS, type MessagingContext, type SendLimits } from './business-send';
import { controlApiRoutes } from './control-api';
import type { WhatsappSimulatorCredentials } from './credentials';
import { graphMessagingRoutes } from './graph-messaging-routes';
import { type PlayPageOptions, playPageRoutes } from './play-page-routes';
import { SendHolds } from './send-holds';
import { createWebhookEmitter } from './webhook-emitter';

export interface WhatsappMessagingOptions {
  db: Db;
  /** The app secret signs every webhook. */
  credentials: () => Promise<WhatsappSimulatorCredentials>;
  /** Where webhooks go: the app's /webhooks/whatsapp at the server's own address. */
  webhookUrl: () => string;
  /** The simulator's clock (24-hour window, rates, timestamps); tests move it. */
  now?: () => Date;
  limits?: Partial<SendLimits>;
  /** Webhook retries: first delay (doubling) and longest delay, in ms. */
  retry?: { baseMs?: number; capMs?: number };
}

/**
 * What every part of the simulator that sends webhooks shares: the database, the emitter (stopped
 * when `app` closes), the clock and the limits. The signup half sends what Meta shares after
 * smb_app_data through it (onboarding-sync.ts).
 */
export function createMessagingContext(
  app: FastifyInstance,
  options: WhatsappMessagingOptions,
): MessagingContext {
  const emitter = createWebhookEmitter({
    db: options.db,
    secret: async () => (await options.credentials()).appSecret,
    url: options.webhookUrl,
    ...(options.retry?.baseMs !== undefined && { retryBaseMs: options.retry.baseMs }),
    ...(options.retry?.capMs !== undefined && { retryCapMs: options.retry.capMs }),
    log: app.log,
  });
  const holds = new SendHolds();
  // A held send must not keep the server from closing (preClose: before in-flight requests are awaited).
  app.addHook('preClose', async () => holds.releaseAll());
  app.addHook('onClose', () => emitter.close());
  return {
    db: options.db,
    emitter,
    holds,
    offline: new Set(),
    now: options.now ?? (() => new Date()),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
  };
}

/**
 * The local Cloud API's messaging half under /dev/whatsapp: the Graph API's messages and media, the
 * signed webhook emitter (retried until the app answers 200, faults on demand), the
 * play-the-customer page and its JSON control API. Registered only with dev pages on.
 */
export const whatsappMessagingRoutes: FastifyPluginAsync<PlayPageOptions> = async (app, options) => {
  await app.register(graphMessagingRoutes, { ctx: options.ctx });
  await app.register(controlApiRoutes, { ctx: options.ctx });
  await app.register(playPageRoutes, options);
};
