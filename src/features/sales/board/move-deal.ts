import { type Deal, moveDealContract } from '../../../../contracts/sales';
import type { MoveDealInput } from '../../../../machines/deal-board/deal-board.machine';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** POST the move (drag and drop, keyboard, "Mover para…"); rejects with the server's text. */
export function moveDeal({ dealId, stageId, index }: MoveDealInput, signal?: AbortSignal): Promise<Deal> {
  const url = contractUrl(moveDealContract.url, dealId);
  return api
    .post(url, { body: { stageId, index }, schema: moveDealContract.response, signal })
    .then(unwrapEnvelope)
    .then((data) => data.deal);
}
