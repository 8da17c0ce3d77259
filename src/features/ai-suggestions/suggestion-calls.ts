import { queryOptions } from '@tanstack/react-query';
import {
  acceptAiSuggestionContract,
  dismissAiSuggestionContract,
  listAiSuggestionsContract,
} from '../../../contracts/ai-suggestions';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { cacheRoots } from '../../lib/cache/cache-roots';

/** GET /api/ai-suggestions: the pending suggestions of the company, or of one customer. */
export function aiSuggestionsQuery(customerId?: string) {
  return queryOptions({
    queryKey: [...cacheRoots.aiSuggestions, customerId ?? 'all'],
    queryFn: async ({ signal }) => {
      const result = await api.get(listAiSuggestionsContract.url, {
        query: { customerId },
        schema: listAiSuggestionsContract.response,
        signal,
      });
      if (!result.success) throw new ApiError(result);
      return result.data.suggestions;
    },
  });
}

/** POST …/accept or …/dismiss; a failure rejects with the ApiError (the card chart's actors). */
export async function decideSuggestion(
  suggestionId: string,
  decision: 'accept' | 'dismiss',
): Promise<unknown> {
  const contract = decision === 'accept' ? acceptAiSuggestionContract : dismissAiSuggestionContract;
  const result = await api.post(contractUrl(contract.url, suggestionId), { schema: contract.response });
  if (!result.success) throw new ApiError(result);
  return result.data;
}
