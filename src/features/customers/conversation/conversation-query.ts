import { infiniteQueryOptions } from '@tanstack/react-query';
import { listConversationContract } from '../../../../contracts/conversation';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { customerKeys } from '../../../lib/customers/customer-keys';

/**
 * GET /api/customers/{id}/conversation: pages of messages, newest first; the next page holds older
 * ones ("Carregar mensagens anteriores"). The realtime socket marks it stale when a message arrives
 * or a status moves.
 */
export function conversationQuery(customerId: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.conversation(customerId),
    queryFn: ({ pageParam, signal }) =>
      api
        .get(contractUrl(listConversationContract.url, customerId), {
          query: { cursor: pageParam },
          schema: listConversationContract.response,
          signal,
        })
        .then(unwrapEnvelope),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : undefined,
  });
}
