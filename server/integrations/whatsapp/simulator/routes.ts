import type { FastifyPluginAsync } from 'fastify';
import { type WhatsappMessagingOptions, whatsappMessagingRoutes } from './messaging-routes';

export type WhatsappSimulatorOptions = WhatsappMessagingOptions;

/**
 * The local WhatsApp Cloud API under /dev/whatsapp (dev pages only): both halves of the simulated
 * Graph API, its webhooks and its pages.
 */
export const whatsappSimulatorRoutes: FastifyPluginAsync<WhatsappSimulatorOptions> = async (app, options) => {
  await app.register(whatsappMessagingRoutes, options);
};
