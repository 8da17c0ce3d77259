import { LAST_ACCEPTED_DAY } from '../../../contracts/date-range';
import { realtimeEvent } from '../../../contracts/realtime';
import { recurrenceDays, type Task } from '../../../contracts/tasks';
import { isoMicrosecondsSql } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { publishEvent } from '../../realtime/event-bus';
import { recordActivity } from '../activity/record-activity';
import { copyFollowUp } from './follow-up-messages';
import type { TaskActor } from './save-task';
import { type LockedTask, loadTask, lockTask } from './task-row';

/**
 * Marks the task done (spec §9), in the caller's transaction, with the task's row locked so that
 * two completions at once do it once. A recurring task gets its next occurrence: same title,
 * description, customer and recurrence, due at the first `dueAt + k × interval` (k ≥ 1) later than
 * now — days counted on the company's calendar, so the local time of day stays — with a copy of
 * its follow-up, announced to open tabs as task.created. A task gets at most one next occurrence
 * ever (tasks.recurrence_source_id is unique), so completing it again after reopening it creates
 * none, and none past the last accepted day
 * (31/12/2099, contracts/date-range.ts): the series ends there. The customer's last contact becomes now.
 * Completing a completed task changes nothing (nextTask null). Null when the company has no such task.
 */
export async function completeTask(
  tx: Queryable,
  actor: TaskActor,
  taskId: string,
): Promise<{ task: Task; nextTask: Task | null } | null> {
  const { companyId, userId } = actor;
  const locked = await lockTask(tx, companyId, taskId);
  if (!locked) return null;
  if (locked.status === 'completed')
    return { task: (await loadTask(tx, companyId, taskId))!, nextTask: null };

  await tx.query(
    `UPDATE tasks SET status = 'completed', completed_at = now(), completed_by_user_id = $3
      WHERE company_id = $1 AND id = $2`,
    [companyId, taskId, userId],
  );
  await recordActivity(tx, {
    companyId,
    actorUserId: userId,
    action: 'task.completed',
    taskId,
    customerId: locked.customerId,
    details: { title: locked.title },
  });
  await publishEvent(
    tx,
    companyId,
    realtimeEvent('task.changed', { taskId, customerId: locked.customerId, change: 'completed' }),
  );
  if (locked.customerId) {
    await tx.query('UPDATE customers SET last_contact_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      locked.customerId,
    ]);
  }
  const nextTaskId =
    locked.recurrence === 'none' ? null : await createNextOccurrence(tx, companyId, taskId, locked);
  return {
    task: (await loadTask(tx, companyId, taskId))!,
    nextTask: nextTaskId ? await loadTask(tx, companyId, nextTaskId) : null,
  };
}

async function createNextOccurrence(
  tx: Queryable,
  companyId: string,
  taskId: string,
  task: LockedTask,
): Promise<string | null> {
  const days = recurrenceDays[task.recurrence as keyof typeof recurrenceDays];
  // k0 = whole intervals elapsed since the due time (at least 1); on a calendar with daylight saving
  // an interval of local days can be an hour shorter or longer, so the first of k0..k0+2 later than
  // now is the one.
  // Past the last accepted day (on the company's calendar) the series ends: no occurrence is created.
  const { rows } = await tx.query<{ id: string; due_at: string }>(
    `INSERT INTO tasks (company_id, title, description, customer_id, due_at, recurrence, recurrence_source_id,
                        assignee_user_id, created_by_user_id)
     SELECT t.company_id, t.title, t.description, t.customer_id, next.due_at, t.recurrence, t.id,
            t.assignee_user_id, t.created_by_user_id
       FROM tasks t JOIN companies co ON co.id = t.company_id
      CROSS JOIN LATERAL (
        SELECT min(candidate) AS due_at FROM (
          SELECT ((t.due_at AT TIME ZONE co.timezone)
                  + ((greatest(1, floor(extract(epoch FROM now() - t.due_at) / ($3::int * 86400))::int) + s)
                     * $3::int) * interval '1 day') AT TIME ZONE co.timezone AS candidate
            FROM generate_series(0, 2) s
        ) candidates WHERE candidate > now()
      ) next
      WHERE t.company_id = $1 AND t.id = $2
        AND (next.due_at AT TIME ZONE co.timezone)::date <= $4::date
     ON CONFLICT (company_id, recurrence_source_id) WHERE recurrence_source_id IS NOT NULL DO NOTHING
     RETURNING id, ${isoMicrosecondsSql('due_at')} AS due_at`,
    [companyId, taskId, days, LAST_ACCEPTED_DAY],
  );
  const next = rows[0];
  if (!next) return null;
  await publishEvent(
    tx,
    companyId,
    realtimeEvent('task.created', { taskId: next.id, customerId: task.customerId }),
  );
  if (task.followUpId) {
    const messageId = await copyFollowUp(tx, companyId, task.followUpId, {
      id: next.id,
      dueAt: next.due_at,
    });
    if (messageId) {
      await tx.query(
        `UPDATE tasks SET reference_entity_name = 'follow_up_message', reference_entity_id = $3
          WHERE company_id = $1 AND id = $2`,
        [companyId, next.id, messageId],
      );
    }
  }
  return next.id;
}

/**
 * Back to pending ("task.reopened" recorded); an occurrence already created by completing it stays.
 * Null when there is no such task.
 */
export async function reopenTask(tx: Queryable, actor: TaskActor, taskId: string): Promise<Task | null> {
  const { companyId, userId } = actor;
  if (!isUuid(taskId)) return null;
  const { rows } = await tx.query<{ title: string; customer_id: string | null }>(
    `UPDATE tasks SET status = 'pending', completed_at = NULL, completed_by_user_id = NULL
      WHERE company_id = $1 AND id = $2 AND status = 'completed'
      RETURNING title, customer_id`,
    [companyId, taskId],
  );
  const reopened = rows[0];
  if (reopened) {
    await recordActivity(tx, {
      companyId,
      actorUserId: userId,
      action: 'task.reopened',
      taskId,
      customerId: reopened.customer_id,
      details: { title: reopened.title },
    });
    await publishEvent(
      tx,
      companyId,
      realtimeEvent('task.changed', { taskId, customerId: reopened.customer_id, change: 'reopened' }),
    );
  }
  return loadTask(tx, companyId, taskId);
}
