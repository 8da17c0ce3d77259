import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/types';
import type { WhatsappSimulatorCredentials } from './credentials';
import { signupRoutes } from './signup-routes';

export interface WhatsappSimulatorOptions {
  db: Db;
  /** The app id, app secret and verify token it shares with the app (server_secrets). */
  credentials: () => Promise<WhatsappSimulatorCredentials>;
}

/**
 * The local WhatsApp Cloud API under /dev/whatsapp (dev pages only): Meta's Graph API at
 * /dev/whatsapp/graph/<version>/…, the Embedded Signup popup, and the messaging side.
 */
export const whatsappSimulatorRoutes: FastifyPluginAsync<WhatsappSimulatorOptions> = async (app, options) => {
  await app.register(signupRoutes, options);
};
