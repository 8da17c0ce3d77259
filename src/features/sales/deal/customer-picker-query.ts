import { queryOptions } from '@tanstack/react-query';
import { CUSTOMER_PICKER_LIMIT, listCustomersContract } from '../../../../contracts/customers';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** GET /api/customers?limit=100&search=… (spec §7, §9): the customers a deal can be for. */
export function customerPickerQuery(search: string) {
  return queryOptions({
    // Under ['customers'], so whatever changes customers refreshes the picker too.
    queryKey: ['customers', 'picker', search] as const,
    queryFn: ({ signal }) =>
      api
        .get(listCustomersContract.url, {
          query: { limit: CUSTOMER_PICKER_LIMIT, search: search || undefined },
          schema: listCustomersContract.response,
          signal,
        })
        .then(unwrapEnvelope)
        .then((page) => page.customers),
  });
}
