import { randomUUID } from 'node:crypto';
import type { FollowUpMessage, FollowUpStatus } from '../../../contracts/tasks';
import { isoTimestamp, isoTimestampOrNull, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { followUpProblem } from '../whatsapp-sending/follow-up-problems';
import { canSendOnWhatsapp, companyWhatsappConnection } from '../whatsapp-status/company-connection';
import { enqueueFollowUpSend } from './follow-up-job';

interface FollowUpRow extends Record<string, unknown> {
  id: string;
  task_id: string | null;
  customer_id: string;
  body: string;
  scheduled_for: Timestamp;
  status: FollowUpStatus;
  sent_at: Timestamp | null;
  last_error: string | null;
  problem_code: string | null;
}

/** Statuses of a message that has not gone out yet and still may. */
const UNSENT = ['scheduled', 'waiting_connection'] as const;
const isUnsent = (status: FollowUpStatus) => (UNSENT as readonly string[]).includes(status);

/** One of the company's follow-up messages as GET /api/followup/{id} answers it, or null. */
export async function loadFollowUp(
  q: Queryable,
  companyId: string,
  messageId: string,
): Promise<FollowUpMessage | null> {
  if (!isUuid(messageId)) return null;
  const { rows } = await q.query<FollowUpRow>(
    `SELECT id, task_id, customer_id, body, scheduled_for, status, sent_at, last_error, problem_code
       FROM follow_up_messages WHERE company_id = $1 AND id = $2`,
    [companyId, messageId],
  );
  const row = rows[0];
  if (!row) return null;
  const connected = canSendOnWhatsapp(await companyWhatsappConnection(q, companyId));
  return {
    id: row.id,
    taskId: row.task_id,
    customerId: row.customer_id,
    message: row.body,
    scheduledFor: isoTimestamp(row.scheduled_for),
    status: row.status,
    awaitingConnection: !connected && isUnsent(row.status),
    sentAs: null,
    sentAt: isoTimestampOrNull(row.sent_at),
    conversationMessageId: null,
    problem: followUpProblem(row.problem_code, row.last_error),
    lastError: row.last_error,
  };
}

export interface TaskFollowUp {
  companyId: string;
  taskId: string;
  customerId: string;
  body: string;
  /** The task's due time (ISO 8601 or as the database wrote it). */
  scheduledFor: string;
}

/**
 * Makes the task's follow-up say `body` to `customerId` at `scheduledFor`, inside the caller's
 * transaction, and answers the id of the message the task refers to from now on.
 * - An unsent message (`currentId`) is edited in place; a new time reschedules it (a new job at the
 *   new time; the old one finds the time changed and does nothing).
 * - A message that has ended (sent, failed, cancelled) is history: kept as is when nothing changed,
 *   otherwise a new message is scheduled.
 */
export async function saveTaskFollowUp(
  tx: Queryable,
  followUp: TaskFollowUp,
  currentId: string | null,
): Promise<string> {
  const { companyId, taskId, customerId, body, scheduledFor } = followUp;
  const current = currentId
    ? (
        await tx.query<{ id: string; status: FollowUpStatus; unchanged: boolean }>(
          `SELECT id, status,
                  (body = $3 AND customer_id = $4 AND scheduled_for = $5::timestamptz) AS unchanged
             FROM follow_up_messages WHERE company_id = $1 AND id = $2
              FOR UPDATE`,
          [companyId, currentId, body, customerId, scheduledFor],
        )
      ).rows[0]
    : undefined;

  if (current && isUnsent(current.status)) {
    // A new time starts over ('scheduled'); the same time keeps a message that already waits for a connection waiting.
    const { rows } = await tx.query<{ status: FollowUpStatus }>(
      `UPDATE follow_up_messages
          SET body = $3, customer_id = $4, task_id = $5, last_error = NULL, scheduled_for = $6::timestamptz,
              status = CASE WHEN scheduled_for = $6::timestamptz THEN status ELSE 'scheduled' END
        WHERE company_id = $1 AND id = $2
        RETURNING status`,
      [companyId, current.id, body, customerId, taskId, scheduledFor],
    );
    if (rows[0]!.status === 'scheduled') await enqueueFollowUpSend(tx, companyId, current.id);
    return current.id;
  }
  if (current?.unchanged) return current.id;
  return insertFollowUp(tx, followUp);
}

async function insertFollowUp(tx: Queryable, followUp: TaskFollowUp): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO follow_up_messages (id, company_id, task_id, customer_id, body, scheduled_for)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [id, followUp.companyId, followUp.taskId, followUp.customerId, followUp.body, followUp.scheduledFor],
  );
  await enqueueFollowUpSend(tx, followUp.companyId, id);
  return id;
}

/**
 * The task no longer carries this message: one that has not gone out is cancelled (it never will,
 * and its job finds it so); one that was sent or failed stays as the record of what happened.
 */
export async function cancelFollowUp(tx: Queryable, companyId: string, messageId: string): Promise<void> {
  await tx.query(
    `UPDATE follow_up_messages SET status = 'cancelled', last_error = NULL
      WHERE company_id = $1 AND id = $2 AND status IN ('scheduled', 'waiting_connection')`,
    [companyId, messageId],
  );
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
  const { rows } = await tx.query<{ customer_id: string; body: string }>(
    'SELECT customer_id, body FROM follow_up_messages WHERE company_id = $1 AND id = $2',
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
  });
}
