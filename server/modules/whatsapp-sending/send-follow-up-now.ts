import type { FollowUpMessage, FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { enqueueFollowUpSend } from '../tasks/follow-up-job';
import { loadFollowUp } from '../tasks/follow-up-messages';
import { publishFollowUpChanges } from './follow-up-events';

export const FOLLOW_UP_NOT_SENDABLE_TEXT =
  'Esta mensagem não pode ser enviada agora: ela já foi enviada, está a caminho ou foi cancelada.';

/**
 * "Enviar agora" (POST /api/followup/:id/send-now): a follow-up held back (waiting for a connection,
 * paused, expired) or failed before leaving is scheduled again and its send queued at once, in one
 * fresh job. The cut-off counts from now (send_requested_at), and a pause set before now does not
 * hold it. 409 FOLLOW_UP_NOT_SENDABLE for one scheduled, on its way, gone out or cancelled (sending
 * it again could reach the customer twice). Null when it is not the company's.
 */
export async function sendFollowUpNow(
  tx: Queryable,
  companyId: string,
  messageId: string,
): Promise<FollowUpMessage | null> {
  if (!isUuid(messageId)) return null;
  const { rows } = await tx.query<{
    task_id: string | null;
    customer_id: string;
    status: FollowUpStatus;
    sendable: boolean;
  }>(
    `SELECT task_id, customer_id, status,
            (status IN ('waiting_connection', 'paused', 'expired') OR (status = 'failed' AND sent_at IS NULL))
              AS sendable
       FROM follow_up_messages WHERE company_id = $1 AND id = $2
        FOR UPDATE`,
    [companyId, messageId],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.sendable) throw new HttpError(409, 'FOLLOW_UP_NOT_SENDABLE', FOLLOW_UP_NOT_SENDABLE_TEXT);
  await tx.query(
    `UPDATE follow_up_messages
        SET status = 'scheduled', send_requested_at = now(), problem_code = NULL, last_error = NULL
      WHERE company_id = $1 AND id = $2`,
    [companyId, messageId],
  );
  await enqueueFollowUpSend(tx, companyId, messageId, { fresh: true });
  await publishFollowUpChanges(tx, [
    {
      companyId,
      followUpMessageId: messageId,
      taskId: row.task_id,
      customerId: row.customer_id,
      status: 'scheduled',
    },
  ]);
  return loadFollowUp(tx, companyId, messageId);
}
