import type { FastifyPluginAsync } from 'fastify';
import {
  addBlocklistEntryContract,
  listBlocklistContract,
  removeBlocklistEntryContract,
} from '../../../contracts/blocklist';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { addToBlocklist, listBlocklist, removeFromBlocklist } from './blocklist';

/** "Contatos ignorados" (spec §2, §5, §7 GET settings/whatsapp/blocklist): the company's own list. */
export const whatsappBlocklistRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, listBlocklistContract, {
    preHandler,
    handler: ({ request }) => listBlocklist(db, companyOf(request).companyId),
  });

  route(app, addBlocklistEntryContract, {
    preHandler,
    status: 201,
    handler: ({ request, body }) => addToBlocklist(db, companyOf(request).companyId, body),
  });

  route(app, removeBlocklistEntryContract, {
    preHandler,
    handler: async ({ request, params }) => {
      await removeFromBlocklist(db, companyOf(request).companyId, params.entryId);
      return { deleted: true as const };
    },
  });
};
