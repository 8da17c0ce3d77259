import type { FastifyPluginAsync } from 'fastify';
import { sendReplyContract } from '../../../contracts/whatsapp-sending';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import { customerIdOrNotFound } from '../customers/customer-id';
import type { ModuleRoutesOptions } from '../module-routes';
import type { Dispatcher } from './dispatcher';
import { sendReply } from './reply';

export interface WhatsappSendingRoutesOptions extends ModuleRoutesOptions {
  /** Null when this server has no WhatsApp (no Meta app, no local Cloud API). */
  dispatcher: Dispatcher | null;
}

/** Sending on WhatsApp from the customer page, in the caller's company only. */
export const whatsappSendingRoutes: FastifyPluginAsync<WhatsappSendingRoutesOptions> = async (
  app,
  { dispatcher },
) => {
  route(app, sendReplyContract, {
    preHandler: app.auth.requireSubscriber,
    status: 201,
    handler: async ({ request, params, body }) => {
      const caller = companyOf(request);
      return {
        message: await sendReply(
          dispatcher,
          { companyId: caller.companyId, userId: caller.userId },
          customerIdOrNotFound(params.id),
          body,
        ),
      };
    },
  });
};
