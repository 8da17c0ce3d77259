import type { FastifyPluginAsync } from 'fastify';
import {
  createMessagingContext,
  type WhatsappMessagingOptions,
  whatsappMessagingRoutes,
} from './messaging-routes';

export type WhatsappSimulatorOptions = WhatsappMessagingOptions;

/**
 * The local WhatsApp Cloud API under /dev/whatsapp (dev pages only): both halves of the simulated
 * Graph API, its webhooks and its pages, sharing one webhook emitter.
 */
export const whatsappSimulatorRoutes: FastifyPluginAsync<WhatsappSimulatorOptions> = async (app, options) => {
  const messaging = createMessagingContext(app, options);
  await app.register(whatsappMessagingRoutes, { ctx: messaging, webhookUrl: options.webhookUrl });
};
