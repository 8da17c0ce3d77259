import type { FastifyPluginAsync } from 'fastify';
import {
  createDealContract,
  createStageContract,
  deleteDealContract,
  deleteStageContract,
  getDealContract,
  getSalesBoardContract,
  listStageDealsContract,
  listStagesContract,
  moveDealContract,
  renameStageContract,
  reorderStagesContract,
  updateDealContract,
} from '../../../contracts/sales';
import { type CompanyCaller, companyOf } from '../../auth/api/caller';
import { idempotencyKeys } from '../../http/idempotency';
import { route } from '../../http/route';
import { activityOf } from '../activity/read-activity';
import type { CachedReadRoutesOptions } from '../module-routes';
import { loadBoard, loadColumnPage } from './board';
import { loadDeal } from './deal-row';
import { createDeal, type DealActor, deleteDeal, updateDeal } from './deals';
import { moveDeal } from './move-deal';
import { listStages, toStage } from './stage-row';
import { createStage, deleteStage, renameStage, reorderStages } from './stages';

function actorOf(caller: CompanyCaller): DealActor {
  return { companyId: caller.companyId, userId: caller.userId };
}

/** "minhas": the caller's deals; "all": nobody in particular. */
const assigneeOf = (caller: CompanyCaller, filter: 'me' | 'all') =>
  filter === 'me' ? caller.userId : undefined;

/**
 * The sales board (spec §2 /sales, /sales/{dealId}): the board and its column pages, deals, moves
 * and the company's stages. Every route is for a subscriber and works in the caller's company.
 */
export const salesRoutes: FastifyPluginAsync<CachedReadRoutesOptions> = async (app, { db, reads }) => {
  const preHandler = app.auth.requireSubscriber;
  const idempotency = idempotencyKeys(db);

  route(app, getSalesBoardContract, {
    preHandler,
    handler: ({ request, query }) => {
      const caller = companyOf(request);
      const assignee = assigneeOf(caller, query.assignee);
      // Kept per company for a few seconds, dropped on any change to it (company-read-cache.ts).
      return reads.read(caller.companyId, ['board', query.limit, assignee ?? null], () =>
        loadBoard(db, caller.companyId, query.limit, assignee),
      );
    },
  });

  route(app, listStageDealsContract, {
    preHandler,
    handler: ({ request, params, query }) => {
      const caller = companyOf(request);
      return loadColumnPage(db, caller.companyId, params.stageId, {
        limit: query.limit,
        cursor: query.cursor,
        assigneeUserId: assigneeOf(caller, query.assignee),
      });
    },
  });

  route(app, getDealContract, {
    preHandler,
    handler: async ({ request, params }) => {
      const { companyId } = companyOf(request);
      const deal = await loadDeal(db, companyId, params.dealId);
      return { deal, activity: await activityOf(db, companyId, { dealId: deal.id }) };
    },
  });

  route(app, createDealContract, {
    preHandler,
    idempotency,
    status: 201,
    handler: async ({ request, body }) => ({
      deal: await createDeal(db, actorOf(companyOf(request)), body),
    }),
  });

  route(app, updateDealContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      deal: await updateDeal(db, actorOf(companyOf(request)), params.dealId, body),
    }),
  });

  route(app, deleteDealContract, {
    preHandler,
    async handler({ request, params }) {
      await deleteDeal(db, actorOf(companyOf(request)), params.dealId);
      return { deleted: true as const };
    },
  });

  route(app, moveDealContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      deal: await moveDeal(db, actorOf(companyOf(request)), params.dealId, body),
    }),
  });

  route(app, listStagesContract, {
    preHandler,
    handler: async ({ request }) => ({
      stages: (await listStages(db, companyOf(request).companyId)).map(toStage),
    }),
  });

  route(app, createStageContract, {
    preHandler,
    idempotency,
    status: 201,
    handler: async ({ request, body }) => ({
      stage: await createStage(db, companyOf(request).companyId, body.name),
    }),
  });

  route(app, renameStageContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      stage: await renameStage(db, companyOf(request).companyId, params.stageId, body.name),
    }),
  });

  route(app, reorderStagesContract, {
    preHandler,
    handler: async ({ request, body }) => ({
      stages: await reorderStages(db, companyOf(request).companyId, body.stageIds),
    }),
  });

  route(app, deleteStageContract, {
    preHandler,
    async handler({ request, params }) {
      await deleteStage(db, companyOf(request).companyId, params.stageId);
      return { deleted: true as const };
    },
  });
};
