import { queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_PICKER_LIMIT,
  customersPageSchema,
  listCustomersContract,
} from '../../../contracts/customers';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';

/** Spec §5: shorter searches list everyone. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * GET /api/customers for the task form's picker (spec §7, §9: limit 100). Under ['customers'], so
 * a customer created or edited elsewhere shows here too.
 */
export function customerPickerQuery(search: string) {
  const term = search.trim().length >= MIN_SEARCH_LENGTH ? search.trim() : '';
  return queryOptions({
    queryKey: ['customers', 'picker', term] as const,
    queryFn: ({ signal }) =>
      api
        .get(listCustomersContract.url, {
          query: { limit: CUSTOMER_PICKER_LIMIT, search: term || undefined },
          signal,
        })
        .then(requireData(missingDataText.customers, customersPageSchema, (data) => data.customers)),
  });
}
