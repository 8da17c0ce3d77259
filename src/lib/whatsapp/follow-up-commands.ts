import { getFollowUpContract } from '../../../contracts/tasks';
import {
  resumeCustomerFollowUpsContract,
  sendFollowUpNowContract,
} from '../../../contracts/whatsapp-sending';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/**
 * What the owner can do about a follow-up held back, from the task or the customer page. Each
 * resolves with the server's data or throws an ApiError with the server's pt-BR text.
 */

/** POST /api/followup/{id}/send-now: queued at once (409 when it went out or is on its way). */
export async function sendFollowUpNow(followUpId: string) {
  return unwrapEnvelope(
    await api.post(contractUrl(sendFollowUpNowContract.url, followUpId), {
      schema: sendFollowUpNowContract.response,
    }),
  ).followUpMessage;
}

/** POST /api/customers/{id}/follow-ups/resume: the customer's paused follow-ups go out again. */
export async function resumeCustomerFollowUps(customerId: string) {
  return unwrapEnvelope(
    await api.post(contractUrl(resumeCustomerFollowUpsContract.url, customerId), {
      schema: resumeCustomerFollowUpsContract.response,
    }),
  );
}

/** GET /api/followup/{id}: the follow-up as the server holds it now. */
export async function readFollowUp(followUpId: string) {
  return unwrapEnvelope(
    await api.get(contractUrl(getFollowUpContract.url, followUpId), { schema: getFollowUpContract.response }),
  ).followUpMessage;
}
