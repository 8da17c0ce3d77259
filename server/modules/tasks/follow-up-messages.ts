import { randomUUID } from 'node:crypto';
import type { FollowUpMessage, FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { publishFollowUpChanges } from '../whatsapp-sending/follow-up-events';
import { canSendOnWhatsapp, companyWhatsappConnection } from '../whatsapp-status/company-connection';
import { enqueueFollowUpSend } from './follow-up-job';
import {
  FOLLOW_UP_COLUMNS,
  FOLLOW_UP_MESSAGE_JOIN,
  type FollowUpViewRow,
  followUpView,
} from './follow-up-view';

/** One of the company's follow-up messages as GET /api/followup/{id} answers it, or null. */
export async function loadFollowUp(
  q: Queryable,
  companyId: string,
  messageId: string,
): Promise<FollowUpMessage | null> {
  if (!isUuid(messageId)) return null;
  const { rows } = await q.query<FollowUpViewRow>(
    `SELECT ${FOLLOW_UP_COLUMNS} FROM follow_up_messages m ${FOLLOW_UP_MESSAGE_JOIN}
      WHERE m.company_id = $1 AND m.id = $2`,
    [companyId, messageId],
  );
  const row = rows[0];
  if (!row) return null;
  return followUpView(row, canSendOnWhatsapp(await companyWhatsappConnection(q, companyId)));
}

/**
 * Follow-ups an edit changes in place: those that have not gone out, including the ones held back
 * (paused, expired) or failed before leaving. One on its way (sending) or gone out is history.
 */
const EDITABLE_SQL = `(status IN ('scheduled', 'waiting_connection', 'paused', 'expired')
  OR (status = 'failed' AND sent_at IS NULL))`;

export interface TaskFollowUp {
  companyId: string;
  taskId: string;
  customerId: string;
  body: string;
  /** The task's due time (ISO 8601 or as the database wrote it). */
  scheduledFor: string;
  /** Who wrote it: the message goes out through the company's number, sent in their name. */
  writerUserId: string | null;
}

/**
 * Makes the task's follow-up say `body` to `customerId` at `scheduledFor`, inside the caller's
 * transaction, and answers the id of the message the task refers to from now on.
 * - A message that has not gone out (`currentId`: scheduled, waiting, paused, expired, failed before
 *   leaving) is edited in place; a new time reschedules it (a new job at the new time; the old one
 *   finds the time changed and does nothing), the same time keeps its status.
 * - A message on its way or that has ended (sending, sent, failed after leaving, cancelled) is
 *   history, never queued again: kept as is when nothing changed, otherwise a new message is scheduled.
 */
export async function saveTaskFollowUp(
  tx: Queryable,
  followUp: TaskFollowUp,
  currentId: string | null,
): Promise<string> {
  const { companyId, taskId, customerId, body, scheduledFor, writerUserId } = followUp;
  const current = currentId
    ? (
        await tx.query<{ id: string; status: FollowUpStatus; editable: boolean; unchanged: boolean }>(
          `SELECT id, status, ${EDITABLE_SQL} AS editable,
                  (body = $3 AND customer_id = $4 AND scheduled_for = $5::timestamptz) AS unchanged
             FROM follow_up_messages WHERE company_id = $1 AND id = $2
              FOR UPDATE`,
          [companyId, currentId, body, customerId, scheduledFor],
        )
      ).rows[0]
    : undefined;

  if (current?.editable) {
    // A new time starts over ('scheduled', nothing wrong any more); the same time keeps the status
    // (waiting for a connection, paused, expired) and its reason.
    const { rows } = await tx.query<{ status: FollowUpStatus }>(
      `UPDATE follow_up_messages SET body = $3, customer_id = $4, task_id = $5, scheduled_for = $6::timestamptz,
              status = CASE WHEN scheduled_for = $6::timestamptz THEN status ELSE 'scheduled' END,
              last_error = CASE WHEN scheduled_for = $6::timestamptz THEN last_error END,
              problem_code = CASE WHEN scheduled_for = $6::timestamptz THEN problem_code END,
              send_requested_at = CASE WHEN scheduled_for = $6::timestamptz THEN send_requested_at END,
              created_by_user_id = CASE WHEN body = $3 THEN created_by_user_id ELSE $7::uuid END
        WHERE company_id = $1 AND id = $2
        RETURNING status`,
      [companyId, current.id, body, customerId, taskId, scheduledFor, writerUserId],
    );
    const { status } = rows[0]!;
    if (status === 'scheduled') await enqueueFollowUpSend(tx, companyId, current.id);
    if (status !== current.status) {
      await publishFollowUpChanges(tx, [
        { companyId, followUpMessageId: current.id, taskId, customerId, status },
      ]);
    }
    return current.id;
  }
  if (current?.unchanged) return current.id;
  return insertFollowUp(tx, followUp);
}

async function insertFollowUp(tx: Queryable, followUp: TaskFollowUp): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO follow_up_messages (id, company_id, task_id, customer_id, body, scheduled_for, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7)`,
    [
      id,
      followUp.companyId,
      followUp.taskId,
      followUp.customerId,
      followUp.body,
      followUp.scheduledFor,
      followUp.writerUserId,
    ],
  );
  await enqueueFollowUpSend(tx, followUp.companyId, id);
  return id;
}

/**
 * The task no longer carries this message: one that has not gone out is cancelled (it never will,
 * and its job finds it so); one on its way, sent or failed stays as the record of what happened.
 */
export async function cancelFollowUp(tx: Queryable, companyId: string, messageId: string): Promise<void> {
  const { rows } = await tx.query<{ task_id: string | null; customer_id: string }>(
    `UPDATE follow_up_messages SET status = 'cancelled', last_error = NULL, problem_code = NULL
      WHERE company_id = $1 AND id = $2 AND status IN ('scheduled', 'waiting_connection', 'paused', 'expired')
      RETURNING task_id, customer_id`,
    [companyId, messageId],
  );
  const cancelled = rows[0];
  if (!cancelled) return;
  await publishFollowUpChanges(tx, [
    {
      companyId,
      followUpMessageId: messageId,
      taskId: cancelled.task_id,
      customerId: cancelled.customer_id,
      status: 'cancelled',
    },
  ]);
}

/**
 * The next occurrence of a recurring task gets a copy of its follow-up (same text and customer) at
 * its own due time, scheduled. Null when the message no longer exists.
 */
export async function copyFollowUp(
  tx: Queryable,
  companyId: string,
  messageId: string,
  toTask: { id: string; dueAt: string },
): Promise<string | null> {
  const { rows } = await tx.query<{ customer_id: string; body: string; created_by_user_id: string | null }>(
    'SELECT customer_id, body, created_by_user_id FROM follow_up_messages WHERE company_id = $1 AND id = $2',
    [companyId, messageId],
  );
  const source = rows[0];
  if (!source) return null;
  return insertFollowUp(tx, {
    companyId,
    taskId: toTask.id,
    customerId: source.customer_id,
    body: source.body,
    scheduledFor: toTask.dueAt,
    writerUserId: source.created_by_user_id,
  });
}
