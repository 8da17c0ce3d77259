import type { FastifyPluginAsync } from 'fastify';
import { getDashboardContract } from '../../../contracts/dashboard';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { loadDashboard } from './dashboard';

/** GET /api/dashboard: what /home shows (spec §2 prefetch, §7). */
export const dashboardRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  route(app, getDashboardContract, {
    preHandler: app.auth.requireSubscriber,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      return loadDashboard(db, companyOf(request));
    },
  });
};
