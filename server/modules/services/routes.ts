import type { FastifyPluginAsync } from 'fastify';
import {
  createServiceContract,
  listServicesContract,
  updateServiceContract,
} from '../../../contracts/services';
import { companyOf } from '../../auth/api/caller';
import { idempotencyKeys } from '../../http/idempotency';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { createService, listServices, updateService } from './catalogue';

/** The services catalogue (spec §2 /settings/services, §7 GET settings services → businessServices). */
export const serviceRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  const preHandler = app.auth.requireSubscriber;
  const idempotency = idempotencyKeys(db);

  route(app, listServicesContract, {
    preHandler,
    handler: async ({ request }) => ({
      businessServices: await listServices(db, companyOf(request).companyId),
    }),
  });

  route(app, createServiceContract, {
    preHandler,
    idempotency,
    status: 201,
    handler: async ({ request, body }) => ({
      businessService: await createService(db, companyOf(request).companyId, body),
    }),
  });

  route(app, updateServiceContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      businessService: await updateService(db, companyOf(request).companyId, params.serviceId, body),
    }),
  });
};
