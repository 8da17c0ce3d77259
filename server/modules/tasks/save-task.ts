import type { output } from 'zod/v4/core';
import { realtimeEvent } from '../../../contracts/realtime';
import { FOLLOW_UP_NEEDS_CUSTOMER_TEXT, type Task, type taskInputSchema } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { publishEvent } from '../../realtime/event-bus';
import { recordActivity } from '../activity/record-activity';
import { customerToReference } from '../customers/company-customer';
import { CUSTOMER_NOT_FOUND_TEXT } from '../customers/texts';
import { checkedAssignee, memberName } from '../team-members/members';
import { cancelFollowUp, saveTaskFollowUp, type TaskFollowUp } from './follow-up-messages';
import { type LockedTask, loadTask, lockTask } from './task-row';

/** A new task or an edit as the contract parsed it (trimmed, recurrence defaulted). */
export type TaskInputValue = output<typeof taskInputSchema>;

/** Who works on a task: the company, and the member doing it (null for what nobody did by hand). */
export interface TaskActor {
  companyId: string;
  userId: string | null;
}

/**
 * A new task (and its follow-up message, scheduled at its due time), in the caller's transaction:
 * assigned to the body's assignee or, absent, to whoever created it; "task.created" recorded, and
 * announced to the company's open tabs at commit.
 */
export async function createTask(tx: Queryable, actor: TaskActor, input: TaskInputValue): Promise<Task> {
  const { companyId, userId } = actor;
  const customerId = await checkedCustomer(tx, companyId, input);
  const assigneeUserId = await checkedAssignee(tx, companyId, input.assigneeUserId, userId);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO tasks (company_id, title, description, customer_id, due_at, recurrence,
                        assignee_user_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8)
     RETURNING id`,
    [
      companyId,
      input.title,
      input.description || null,
      customerId,
      input.dueAt,
      input.recurrence,
      assigneeUserId,
      userId,
    ],
  );
  const taskId = rows[0]!.id;
  await recordActivity(tx, {
    companyId,
    actorUserId: userId,
    action: 'task.created',
    taskId,
    customerId,
    details: { title: input.title, assignee: await memberName(tx, assigneeUserId) },
  });
  await publishEvent(tx, companyId, realtimeEvent('task.created', { taskId, customerId }));
  if (input.followUpMessage && customerId) {
    const messageId = await saveTaskFollowUp(
      tx,
      followUpOf(actor, taskId, customerId, input.followUpMessage, input.dueAt),
      null,
    );
    await tx.query(
      `UPDATE tasks SET reference_entity_name = 'follow_up_message', reference_entity_id = $3
        WHERE company_id = $1 AND id = $2`,
      [companyId, taskId, messageId],
    );
  }
  return (await loadTask(tx, companyId, taskId))!;
}

/**
 * Replaces the task's fields (status stays; the assignee too unless the body names one). With a
 * follow-up text the message is edited, or rescheduled when the due time moved; without one the
 * task's message is removed (cancelled if it had not gone out). A new assignee records
 * "task.assigned". Null when the company has no such task.
 */
export async function updateTask(
  tx: Queryable,
  actor: TaskActor,
  taskId: string,
  input: TaskInputValue,
): Promise<Task | null> {
  const { companyId, userId } = actor;
  const current = await lockTask(tx, companyId, taskId);
  if (!current) return null;
  const customerId = await checkedCustomer(tx, companyId, input);
  const assigneeUserId = await checkedAssignee(tx, companyId, input.assigneeUserId, current.assigneeUserId);

  const currentFollowUpId = current.followUpId;
  let reference: LockedTask['reference'] = current.reference;
  if (input.followUpMessage && customerId) {
    const messageId = await saveTaskFollowUp(
      tx,
      followUpOf(actor, taskId, customerId, input.followUpMessage, input.dueAt),
      currentFollowUpId,
    );
    reference = { name: 'follow_up_message', id: messageId };
  } else if (currentFollowUpId) {
    await cancelFollowUp(tx, companyId, currentFollowUpId);
    reference = { name: null, id: null };
  }

  await tx.query(
    `UPDATE tasks
        SET title = $3, description = $4, customer_id = $5, due_at = $6::timestamptz, recurrence = $7,
            reference_entity_name = $8, reference_entity_id = $9, assignee_user_id = $10
      WHERE company_id = $1 AND id = $2`,
    [
      companyId,
      taskId,
      input.title,
      input.description || null,
      customerId,
      input.dueAt,
      input.recurrence,
      reference.name,
      reference.id,
      assigneeUserId,
    ],
  );
  if (assigneeUserId !== current.assigneeUserId) {
    await recordActivity(tx, {
      companyId,
      actorUserId: userId,
      action: 'task.assigned',
      taskId,
      customerId,
      details: { title: input.title, assignee: await memberName(tx, assigneeUserId) },
    });
  }
  await publishEvent(tx, companyId, realtimeEvent('task.changed', { taskId, customerId, change: 'updated' }));
  return loadTask(tx, companyId, taskId);
}

/** The task's follow-up as saveTaskFollowUp takes it: written by the member saving the task. */
function followUpOf(
  actor: TaskActor,
  taskId: string,
  customerId: string,
  body: string,
  dueAt: string,
): TaskFollowUp {
  return {
    companyId: actor.companyId,
    taskId,
    customerId,
    body,
    scheduledFor: dueAt,
    writerUserId: actor.userId,
  };
}

/**
 * The task's customer, checked: one of the company's (else a 400 on customerId), with a WhatsApp
 * number when the task carries a follow-up (else a 400 on followUpMessage).
 */
async function checkedCustomer(
  tx: Queryable,
  companyId: string,
  input: TaskInputValue,
): Promise<string | null> {
  let customer: { id: string; phone: string | null } | null = null;
  if (input.customerId != null) {
    customer = await customerToReference(tx, companyId, input.customerId);
    if (!customer) {
      throw new HttpError(400, 'VALIDATION_ERROR', CUSTOMER_NOT_FOUND_TEXT, [
        { path: 'customerId', message: CUSTOMER_NOT_FOUND_TEXT },
      ]);
    }
  }
  if (input.followUpMessage && !customer?.phone) {
    throw new HttpError(400, 'VALIDATION_ERROR', FOLLOW_UP_NEEDS_CUSTOMER_TEXT, [
      { path: 'followUpMessage', message: FOLLOW_UP_NEEDS_CUSTOMER_TEXT },
    ]);
  }
  return customer?.id ?? null;
}
