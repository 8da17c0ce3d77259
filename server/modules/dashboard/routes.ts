import type { FastifyPluginAsync } from 'fastify';
import { getDashboardContract } from '../../../contracts/dashboard';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { CachedReadRoutesOptions } from '../module-routes';
import { loadDashboard } from './dashboard';

/**
 * GET /api/dashboard: what /home shows (spec §2 prefetch, §7), kept per company and person for a few
 * seconds and dropped on any change to what it shows (company-read-cache.ts).
 */
export const dashboardRoutes: FastifyPluginAsync<CachedReadRoutesOptions> = async (app, { db, reads }) => {
  route(app, getDashboardContract, {
    preHandler: app.auth.requireSubscriber,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      const caller = companyOf(request);
      return reads.read(caller.companyId, ['dashboard', caller.userId], () => loadDashboard(db, caller));
    },
  });
};
