import type { FastifyPluginAsync } from 'fastify';
import { listMembersContract } from '../../../contracts/team';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { listMembers } from './members';

/** The company's members for assignee pickers and names: every member may read it. */
export const teamMemberRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  route(app, listMembersContract, {
    preHandler: app.auth.requireSubscriber,
    handler: async ({ request }) => ({ members: await listMembers(db, companyOf(request).companyId) }),
  });
};
