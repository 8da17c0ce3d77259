import { queryOptions } from '@tanstack/react-query';
import { listServicesContract, SERVICES_FETCH_FAILED_TEXT } from '../../../contracts/services';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { cacheRoots } from '../cache/cache-roots';
import { servicesQueryTiming } from '../cache/query-client';

export const servicesQueryKey = cacheRoots.services;

/**
 * GET settings services (spec §7): the catalogue, fresh for 300 s (§9). The services pages edit it;
 * a deal picks its services from it. Any failure reads
 * "Failed to fetch services" (§8); the status stays, so a 4xx is not retried.
 */
export const servicesQuery = queryOptions({
  queryKey: servicesQueryKey,
  queryFn: async ({ signal }) => {
    const result = await api.get(listServicesContract.url, { signal });
    if (!result.success) throw new ApiError({ ...result, error: SERVICES_FETCH_FAILED_TEXT });
    const checked = listServicesContract.response.safeParse(result.data);
    if (!checked.success) throw new Error(SERVICES_FETCH_FAILED_TEXT);
    return checked.data.businessServices;
  },
  ...servicesQueryTiming,
});
