import type { FastifyPluginAsync } from 'fastify';
import { listConversationContract } from '../../../contracts/conversation';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import { customerIdOrNotFound } from '../customers/customer-id';
import type { ModuleRoutesOptions } from '../module-routes';
import { listConversation } from './list-conversation';

/** A customer's WhatsApp conversation (the customer page's chat timeline), in the caller's company only. */
export const conversationRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  route(app, listConversationContract, {
    preHandler: app.auth.requireSubscriber,
    handler: ({ request, params, query }) =>
      listConversation(db, companyOf(request).companyId, customerIdOrNotFound(params.id), {
        limit: query.limit,
        ...(query.cursor !== undefined && { cursor: query.cursor }),
      }),
  });
};
