import { infiniteQueryOptions } from '@tanstack/react-query';
import { listCustomerActivityContract } from '../../../../contracts/activity';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { customerKeys } from '../../../lib/customers/customer-keys';

/**
 * GET /api/customers/{id}/activity: pages of who did what, newest first; the next page holds older
 * lines ("Carregar mais").
 */
export function customerActivityQuery(customerId: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.activity(customerId),
    queryFn: ({ pageParam, signal }) =>
      api
        .get(contractUrl(listCustomerActivityContract.url, customerId), {
          query: { cursor: pageParam },
          schema: listCustomerActivityContract.response,
          signal,
        })
        .then(unwrapEnvelope),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : undefined,
  });
}
