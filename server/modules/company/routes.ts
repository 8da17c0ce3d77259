import type { FastifyPluginAsync } from 'fastify';
import { getCompanyInfoContract, updateCompanyInfoContract } from '../../../contracts/company';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { loadCompanyInfo, saveCompanyInfo } from './company-info';

/** "Sobre a empresa" (spec §2 /settings/company-info, §7 GET settings/company → data.company). */
export const companyRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, getCompanyInfoContract, {
    preHandler,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      return { company: await loadCompanyInfo(db, companyOf(request).companyId) };
    },
  });

  route(app, updateCompanyInfoContract, {
    preHandler,
    handler: async ({ request, body }) => ({ company: await saveCompanyInfo(db, companyOf(request), body) }),
  });
};
