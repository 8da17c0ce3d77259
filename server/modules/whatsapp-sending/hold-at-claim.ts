import type { FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { pastCutOffSql } from './follow-up-cutoff';
import { publishFollowUpChanges } from './follow-up-events';
import { followUpProblemText } from './follow-up-problems';

/**
 * At its send's claim (the row locked, still scheduled for this job): a follow-up past the cut-off
 * becomes `expired`; one to a customer whose follow-ups the owner paused by answering from the phone
 * becomes `paused`, unless the owner asked for this one with "Enviar agora" after that pause. Expiry
 * comes first: resuming could not send it anyway. True when it was held back (not to be sent).
 */
export async function holdBackAtClaim(
  tx: Queryable,
  companyId: string,
  messageId: string,
  expiryHours: number,
): Promise<boolean> {
  const { rows } = await tx.query<{ task_id: string | null; customer_id: string; status: FollowUpStatus }>(
    `WITH decision AS (
       SELECT m.id,
              CASE WHEN ${pastCutOffSql('m', '$3')} THEN 'expired'
                   WHEN c.follow_ups_paused_at IS NOT NULL
                        AND (m.send_requested_at IS NULL OR m.send_requested_at < c.follow_ups_paused_at)
                     THEN 'paused'
              END AS status
         FROM follow_up_messages m
         JOIN customers c ON c.company_id = m.company_id AND c.id = m.customer_id
        WHERE m.company_id = $1 AND m.id = $2)
     UPDATE follow_up_messages m
        SET status = d.status,
            problem_code = CASE d.status WHEN 'expired' THEN 'EXPIRED' ELSE 'PAUSED' END,
            last_error = CASE d.status WHEN 'expired' THEN $4 ELSE $5 END
       FROM decision d
      WHERE m.company_id = $1 AND m.id = d.id AND d.status IS NOT NULL
      RETURNING m.task_id, m.customer_id, m.status`,
    [companyId, messageId, expiryHours, followUpProblemText('EXPIRED'), followUpProblemText('PAUSED')],
  );
  const held = rows[0];
  if (!held) return false;
  await publishFollowUpChanges(tx, [
    {
      companyId,
      followUpMessageId: messageId,
      taskId: held.task_id,
      customerId: held.customer_id,
      status: held.status,
    },
  ]);
  return true;
}
