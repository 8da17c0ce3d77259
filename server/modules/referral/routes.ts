import type { FastifyPluginAsync } from 'fastify';
import { getReferralContract } from '../../../contracts/referral';
import { companyOf } from '../../auth/api/caller';
import { publicUrls } from '../../http/public-urls';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { loadReferralData } from './referral-data';

/** Indique e Ganhe (spec §2 /settings/invite, §7 "GET settings/referral"): every role of the company reads it. */
export const referralRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db, config }) => {
  route(app, getReferralContract, {
    preHandler: app.auth.requireCompany,
    handler: ({ request }) => loadReferralData(db, companyOf(request), publicUrls(request, config).appUrl),
  });
};
