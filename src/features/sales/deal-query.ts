import { queryOptions } from '@tanstack/react-query';
import { getDealContract } from '../../../contracts/sales';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { missingDataText, requireData } from '../../api/require-data';
import { salesQueryKeys } from './sales-board-query';

/** GET sales/deals/{dealId} (spec §7; §8 "No deal data returned"): the deal and who did what to it. */
export function dealQuery(dealId: string) {
  return queryOptions({
    queryKey: salesQueryKeys.deal(dealId),
    queryFn: ({ signal }) =>
      api
        .get(contractUrl(getDealContract.url, dealId), { signal })
        .then(requireData(missingDataText.deal, getDealContract.response, (data) => data.deal)),
  });
}
