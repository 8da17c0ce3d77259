import type { FastifyPluginAsync } from 'fastify';
import {
  getAiTrainingContract,
  getAiTrainingVersionContract,
  listAiTrainingVersionsContract,
  restoreAiTrainingVersionContract,
  saveAiTrainingContract,
} from '../../../contracts/ai-training';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { currentVersion, findVersion, listVersions, restoreVersion, saveTraining } from './training-versions';

/** AI training (spec §2 /settings/ai-training): every member reads it, a manager saves and restores. */
export const aiTrainingRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, getAiTrainingContract, {
    preHandler,
    handler: async ({ request }) => ({ current: await currentVersion(db, companyOf(request).companyId) }),
  });

  route(app, saveAiTrainingContract, {
    preHandler,
    handler: async ({ request, body }) => {
      const { companyId, userId } = companyOf(request);
      return saveTraining(db, companyId, userId, body.baseVersion, body.content);
    },
  });

  route(app, listAiTrainingVersionsContract, {
    preHandler,
    handler: async ({ request }) => ({ versions: await listVersions(db, companyOf(request).companyId) }),
  });

  route(app, getAiTrainingVersionContract, {
    preHandler,
    handler: async ({ request, params }) => findVersion(db, companyOf(request).companyId, params.version),
  });

  route(app, restoreAiTrainingVersionContract, {
    preHandler,
    handler: async ({ request, params }) => {
      const { companyId, userId } = companyOf(request);
      return restoreVersion(db, companyId, userId, params.version);
    },
  });
};
