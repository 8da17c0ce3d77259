import { queryOptions } from '@tanstack/react-query';
import {
  type CustomersPage,
  customerDetailSchema,
  customersPageSchema,
  getCustomerContract,
  listCustomersContract,
} from '../../../contracts/customers';
import { appliedSearch } from '../../../machines/search-box/applied-search';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { missingDataText, requireData } from '../../api/require-data';
import { customerKeys } from '../../lib/customers/customer-keys';

export { customerKeys };

export interface CustomersListParams {
  search: string;
  limit: number;
  page: number;
}

/**
 * GET /api/customers (spec §7, §8 "No customers data returned"): one page of the list. Page N asks
 * with the cursor that page N-1 ended at when that page is in the cache (cursors are kept per
 * search and page size, as the pages themselves), else with `page` (a shared ?page=3 link, a reload).
 */
export function customersListQuery({ search, limit, page }: CustomersListParams) {
  const applied = appliedSearch(search);
  return queryOptions({
    queryKey: customerKeys.list(applied, limit, page),
    queryFn: ({ client, signal }) => {
      const previous =
        page > 1
          ? client.getQueryData<CustomersPage>(customerKeys.list(applied, limit, page - 1))
          : undefined;
      const cursor = previous?.endCursor ?? undefined;
      return api
        .get(listCustomersContract.url, {
          query: {
            limit,
            search: applied || undefined,
            cursor,
            page: cursor === undefined && page > 1 ? page : undefined,
          },
          signal,
        })
        .then(requireData(missingDataText.customers, customersPageSchema, (data) => data.customers));
    },
  });
}

/** GET /api/customers/{id} (spec §8 "No customer data returned"): the customer, their tasks and deals. */
export function customerDetailQuery(id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get(contractUrl(getCustomerContract.url, id), { signal })
        .then(requireData(missingDataText.customer, customerDetailSchema, (data) => data.customer)),
  });
}
