import { queryOptions } from '@tanstack/react-query';
import { getCompanyInfoContract } from '../../../contracts/company';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

export const companyInfoQueryKey = ['settings', 'company'] as const;

/** GET /api/settings/company (spec §7: data.company). */
export const companyInfoQuery = queryOptions({
  queryKey: companyInfoQueryKey,
  queryFn: ({ signal }) =>
    api
      .get(getCompanyInfoContract.url, { schema: getCompanyInfoContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.company),
});
