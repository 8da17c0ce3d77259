import {
  createDealContract,
  type Deal,
  type DealInput,
  deleteDealContract,
  updateDealContract,
} from '../../../../contracts/sales';
import { type ApiResult, api } from '../../../api/client';

const dealUrl = (template: string, dealId: string) =>
  template.replace(':dealId', encodeURIComponent(dealId)) as `/${string}`;

/** POST (new) or PUT (existing) a deal; the envelope as it came, for the form to read issues from. */
export function saveDeal(dealId: string | null, body: DealInput): Promise<ApiResult<{ deal: Deal }>> {
  return dealId
    ? api.put(dealUrl(updateDealContract.url, dealId), { body, schema: updateDealContract.response })
    : api.post(createDealContract.url, { body, schema: createDealContract.response });
}

export function deleteDeal(dealId: string): Promise<ApiResult<{ deleted: true }>> {
  return api.delete(dealUrl(deleteDealContract.url, dealId), { schema: deleteDealContract.response });
}
