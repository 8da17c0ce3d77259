import type { FastifyPluginAsync } from 'fastify';
import {
  acceptAiSuggestionContract,
  dismissAiSuggestionContract,
  listAiSuggestionsContract,
} from '../../../contracts/ai-suggestions';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { acceptSuggestion, dismissSuggestion } from './decide-suggestion';
import { listPendingSuggestions } from './suggestion-row';

/**
 * The conversation watcher's suggestions (issue 18): the pending list (the company's or one
 * customer's), accept and dismiss. For every member of a subscribing company, inside their company.
 */
export const aiSuggestionRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, listAiSuggestionsContract, {
    preHandler,
    handler: async ({ request, query }) => ({
      suggestions: await listPendingSuggestions(db, companyOf(request).companyId, query.customerId),
    }),
  });

  route(app, acceptAiSuggestionContract, {
    preHandler,
    handler: ({ request, params }) => {
      const { companyId, userId } = companyOf(request);
      return acceptSuggestion(db, { companyId, userId }, params.suggestionId);
    },
  });

  route(app, dismissAiSuggestionContract, {
    preHandler,
    handler: async ({ request, params }) => {
      const { companyId, userId } = companyOf(request);
      return { suggestion: await dismissSuggestion(db, { companyId, userId }, params.suggestionId) };
    },
  });
};
