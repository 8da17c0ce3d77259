import { queryOptions } from '@tanstack/react-query';
import { CUSTOMER_PICKER_LIMIT, listCustomersContract } from '../../../../contracts/customers';
import { api } from '../../../api/client';
import { missingDataText, requireData } from '../../../api/require-data';
import { cacheTime } from '../../../app/query-client';

/**
 * GET /api/customers?limit=100&search= (spec §7, §9: the task form's picker asks for 100). Under
 * ['customers'], so creating or editing a customer refreshes it too.
 */
export function customerPickerQuery(search: string) {
  return queryOptions({
    queryKey: ['customers', 'picker', search] as const,
    queryFn: ({ signal }) =>
      api
        .get(listCustomersContract.url, { query: { limit: CUSTOMER_PICKER_LIMIT, search }, signal })
        .then(
          requireData(missingDataText.customers, listCustomersContract.response, (data) => data.customers),
        ),
    staleTime: cacheTime.frequent,
  });
}
