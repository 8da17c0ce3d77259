import { queryOptions } from '@tanstack/react-query';
import { getDashboardContract } from '../../../contracts/dashboard';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';
import { cacheRoots } from '../../lib/cache/cache-roots';
import { cacheTime } from '../../lib/cache/query-client';

export const dashboardQueryKey = cacheRoots.dashboard;

/** GET dashboard (spec §2 /home prefetch, §8 "No dashboard data returned"). Fresh for 30 s. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) =>
    api
      .get(getDashboardContract.url, { signal })
      .then(requireData(missingDataText.dashboard, getDashboardContract.response)),
  staleTime: cacheTime.frequent,
});
