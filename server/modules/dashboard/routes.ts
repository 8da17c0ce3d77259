import type { FastifyPluginAsync } from 'fastify';
import { getDashboardContract } from '../../../contracts/dashboard';
import { companyOf } from '../../auth/api/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { loadDashboard } from './dashboard';

export interface ModuleRoutesOptions {
  db: Db;
  config: Config;
}

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
