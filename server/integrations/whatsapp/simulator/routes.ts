import type { FastifyPluginAsync } from 'fastify';
import { registerSimulatorAssets } from './assets';
import {
  createMessagingContext,
  type WhatsappMessagingOptions,
  whatsappMessagingRoutes,
} from './messaging-routes';
import { signupRoutes } from './signup-routes';

export type WhatsappSimulatorOptions = WhatsappMessagingOptions;

/**
 * The local WhatsApp Cloud API under /dev/whatsapp (dev pages only): Meta's Graph API at
 * /dev/whatsapp/graph/<version>/…, the Embedded Signup popup, and the messaging side (messages,
 * media, signed webhooks, the play-the-customer page), sharing one webhook emitter.
 */
export const whatsappSimulatorRoutes: FastifyPluginAsync<WhatsappSimulatorOptions> = async (app, options) => {
  const messaging = createMessagingContext(app, options);
  const assets = await registerSimulatorAssets(app);
  await app.register(signupRoutes, { ...options, messaging, assets });
  await app.register(whatsappMessagingRoutes, { ctx: messaging, webhookUrl: options.webhookUrl, assets });
};
