import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import type { WebhookStatus } from '../../integrations/whatsapp/webhook-objects';
import { recordAccepted, unansweredAttempt } from './send-attempts';
import { storeSentMessage } from './sent-messages';

/**
 * A status webhook whose biz_opaque_callback_data names a send attempt that never got its answer
 * (the process died during the call, or the answer was lost): Meta did take that message, as
 * `status.id`. The attempt is completed as if the answer had come: its wamid, the message in the
 * conversation, its follow-up sent. Call under lockWamid, for a status whose message is not stored.
 * True when it completed one.
 */
export async function completeUnansweredSend(
  tx: Queryable,
  companyId: string,
  status: WebhookStatus,
): Promise<boolean> {
  const attemptId = status.biz_opaque_callback_data;
  if (!attemptId || !isUuid(attemptId)) return false;
  const attempt = await unansweredAttempt(tx, companyId, attemptId);
  if (!attempt) return false;
  if (!(await recordAccepted(tx, attempt.id, { wamid: status.id, waId: status.recipient_id ?? null })))
    return false;
  return (await storeSentMessage(tx, attempt, status.id)) !== null;
}
