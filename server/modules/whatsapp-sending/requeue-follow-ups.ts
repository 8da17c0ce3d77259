import type { FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { enqueueFollowUpSend } from '../tasks/follow-up-job';
import { pastCutOffSql } from './follow-up-cutoff';
import { publishFollowUpChanges } from './follow-up-events';
import { followUpProblemText } from './follow-up-problems';

interface RequeuedRow extends Record<string, unknown> {
  id: string;
  task_id: string | null;
  customer_id: string;
  status: FollowUpStatus;
}

/**
 * Held-back follow-ups (`from`) go out again: each is scheduled and its send queued, or, past the
 * cut-off, expired instead. In the caller's transaction; open tabs hear of each. Answers how many
 * were queued.
 */
async function requeueHeld(
  tx: Queryable,
  companyId: string,
  from: 'waiting_connection' | 'paused',
  customerId: string | null,
  expiryHours: number,
): Promise<number> {
  const { rows } = await tx.query<RequeuedRow>(
    `UPDATE follow_up_messages m
        SET status = CASE WHEN ${pastCutOffSql('m', '$4')} THEN 'expired' ELSE 'scheduled' END,
            problem_code = CASE WHEN ${pastCutOffSql('m', '$4')} THEN 'EXPIRED' END,
            last_error = CASE WHEN ${pastCutOffSql('m', '$4')} THEN $5 END
      WHERE m.company_id = $1 AND m.status = $2 AND ($3::uuid IS NULL OR m.customer_id = $3::uuid)
      RETURNING m.id, m.task_id, m.customer_id, m.status`,
    [companyId, from, customerId, expiryHours, followUpProblemText('EXPIRED')],
  );
  const queued = rows.filter((row) => row.status === 'scheduled');
  for (const { id } of queued) await enqueueFollowUpSend(tx, companyId, id);
  if (rows.length > 0) {
    await publishFollowUpChanges(
      tx,
      rows.map((row) => ({
        companyId,
        followUpMessageId: row.id,
        taskId: row.task_id,
        customerId: row.customer_id,
        status: row.status,
      })),
    );
  }
  return queued.length;
}

/**
 * The company's follow-ups that waited for a WhatsApp connection go out now that one works (the
 * connect path calls this as the connection is stored), those past the cut-off expire.
 */
export const resumeWaitingFollowUps = (tx: Queryable, companyId: string, expiryHours: number) =>
  requeueHeld(tx, companyId, 'waiting_connection', null, expiryHours);

/** The customer's paused follow-ups go out again (the owner resumed them); those past the cut-off expire. */
export const requeuePausedFollowUps = (
  tx: Queryable,
  companyId: string,
  customerId: string,
  expiryHours: number,
) => requeueHeld(tx, companyId, 'paused', customerId, expiryHours);
