import type { FastifyPluginAsync } from 'fastify';
import {
  getCustomerWhatsappContract,
  listCustomerFollowUpsContract,
  resumeCustomerFollowUpsContract,
  sendFollowUpNowContract,
} from '../../../contracts/whatsapp-sending';
import { companyOf } from '../../auth/api/caller';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { customerIdOrNotFound, customerNotFound } from '../customers/customer-id';
import type { ModuleRoutesOptions } from '../module-routes';
import { FOLLOW_UP_NOT_FOUND_TEXT } from '../tasks/texts';
import { resumeCustomerFollowUps } from './customer-follow-up-pause';
import { listCustomerFollowUps } from './customer-follow-ups';
import { customerWhatsapp } from './customer-whatsapp';
import { sendFollowUpNow } from './send-follow-up-now';

function found<T>(value: T | null): T {
  if (value === null) throw customerNotFound();
  return value;
}

/**
 * What the owner sees and does about follow-ups apart from the task: the customer's WhatsApp side
 * (window, pause, undeliverable number), their pending follow-ups, resuming the follow-ups a reply
 * from the phone paused, and "Enviar agora". For subscribers, inside the caller's company; unknown,
 * malformed and other companies' ids are the same 404.
 */
export const followUpRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db, config }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, getCustomerWhatsappContract, {
    preHandler,
    handler: async ({ request, params }) =>
      found(await customerWhatsapp(db, companyOf(request).companyId, customerIdOrNotFound(params.id))),
  });

  route(app, listCustomerFollowUpsContract, {
    preHandler,
    handler: async ({ request, params }) => ({
      items: found(
        await listCustomerFollowUps(db, companyOf(request).companyId, customerIdOrNotFound(params.id)),
      ),
    }),
  });

  route(app, resumeCustomerFollowUpsContract, {
    preHandler,
    async handler({ request, params }) {
      const { companyId } = companyOf(request);
      const customerId = customerIdOrNotFound(params.id);
      return db.transaction(async (tx) => {
        const resumed = found(
          await resumeCustomerFollowUps(tx, companyId, customerId, config.followUpExpiryHours),
        );
        return { whatsapp: found(await customerWhatsapp(tx, companyId, customerId)), resumed };
      });
    },
  });

  route(app, sendFollowUpNowContract, {
    preHandler,
    async handler({ request, params }) {
      const { companyId } = companyOf(request);
      const followUpMessage = await db.transaction((tx) =>
        sendFollowUpNow(tx, companyId, params.followUpMessageId),
      );
      if (!followUpMessage) throw new HttpError(404, 'NOT_FOUND', FOLLOW_UP_NOT_FOUND_TEXT);
      return { followUpMessage };
    },
  });
};
