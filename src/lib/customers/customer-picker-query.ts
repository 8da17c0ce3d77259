import { queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_PICKER_LIMIT,
  customersPageSchema,
  listCustomersContract,
} from '../../../contracts/customers';
import { appliedSearch } from '../../../machines/search-box/applied-search';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';
import { cacheRoots } from '../cache/cache-roots';
import { cacheTime } from '../cache/query-client';

/**
 * GET /api/customers for a customer picker (spec §7, §9: limit 100; §8 "No customers data
 * returned"): the first 100, or those matching the search. One query for every picker (tasks,
 * deals, the quick-add sheet), under the customers' root, so a customer created, edited or
 * deleted anywhere shows in all of them.
 */
export function customerPickerQuery(search: string) {
  const term = appliedSearch(search);
  return queryOptions({
    queryKey: [...cacheRoots.customers, 'picker', term] as const,
    queryFn: ({ signal }) =>
      api
        .get(listCustomersContract.url, {
          query: { limit: CUSTOMER_PICKER_LIMIT, search: term || undefined },
          signal,
        })
        .then(requireData(missingDataText.customers, customersPageSchema, (data) => data.customers)),
    staleTime: cacheTime.frequent,
  });
}
