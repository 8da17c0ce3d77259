import {
  createDealContract,
  type Deal,
  type DealInput,
  deleteDealContract,
  updateDealContract,
} from '../../../../contracts/sales';
import { type ApiResult, api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';

/** POST a new deal under its submission's key; the envelope as it came, for the form to read issues from. */
export function createDeal(body: DealInput, idempotencyKey: string): Promise<ApiResult<{ deal: Deal }>> {
  return api.post(createDealContract.url, { body, schema: createDealContract.response, idempotencyKey });
}

/** PUT an existing deal; the envelope as it came. */
export function updateDeal(dealId: string, body: DealInput): Promise<ApiResult<{ deal: Deal }>> {
  return api.put(contractUrl(updateDealContract.url, dealId), { body, schema: updateDealContract.response });
}

export function deleteDeal(dealId: string): Promise<ApiResult<{ deleted: true }>> {
  return api.delete(contractUrl(deleteDealContract.url, dealId), { schema: deleteDealContract.response });
}
