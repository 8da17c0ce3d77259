import type { FastifyPluginAsync } from 'fastify';
import { getWhatsappStatusContract } from '../../../contracts/whatsapp-status';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { companyWhatsappConnection } from './company-connection';

/** GET /api/whatsapp-connections/status (spec §7): the caller's company's WhatsApp connection. */
export const whatsappStatusRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  route(app, getWhatsappStatusContract, {
    preHandler: app.auth.requireSubscriber,
    handler: ({ request }) => companyWhatsappConnection(db, companyOf(request).companyId),
  });
};
