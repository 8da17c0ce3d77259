import type { FastifyPluginAsync } from 'fastify';
import { listCustomerActivityContract } from '../../../contracts/activity';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import { customerIdOrNotFound, customerNotFound } from '../customers/customer-id';
import type { ModuleRoutesOptions } from '../module-routes';
import { customerActivityPage } from './read-activity';

/** Who did what, as the customer's timeline shows it (tasks and deals carry their own in their detail). */
export const activityRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  route(app, listCustomerActivityContract, {
    preHandler: app.auth.requireSubscriber,
    async handler({ request, params, query }) {
      const { companyId } = companyOf(request);
      const customerId = customerIdOrNotFound(params.customerId);
      const { rows } = await db.query('SELECT 1 FROM customers WHERE company_id = $1 AND id = $2', [
        companyId,
        customerId,
      ]);
      if (rows.length === 0) throw customerNotFound();
      return customerActivityPage(db, companyId, customerId, {
        limit: query.limit,
        ...(query.cursor !== undefined && { cursor: query.cursor }),
      });
    },
  });
};
