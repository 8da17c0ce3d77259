import { realtimeEvent } from '../../../contracts/realtime';
import type { Task } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { publishEvent } from '../../realtime/event-bus';
import { recordActivity } from '../activity/record-activity';
import { cancelFollowUp } from './follow-up-messages';
import type { TaskActor } from './save-task';
import { loadTask, lockTask } from './task-row';

/**
 * Deletes the task, in the caller's transaction; its follow-up messages go with it (ON DELETE
 * CASCADE), so a queued send finds nothing to do. "task.deleted" keeps its title. False when the
 * company has no such task.
 */
export async function deleteTask(tx: Queryable, actor: TaskActor, taskId: string): Promise<boolean> {
  const { companyId, userId } = actor;
  if (!isUuid(taskId)) return false;
  const { rows } = await tx.query<{ title: string; customer_id: string | null }>(
    'DELETE FROM tasks WHERE company_id = $1 AND id = $2 RETURNING title, customer_id',
    [companyId, taskId],
  );
  const deleted = rows[0];
  if (!deleted) return false;
  await recordActivity(tx, {
    companyId,
    actorUserId: userId,
    action: 'task.deleted',
    taskId,
    customerId: deleted.customer_id,
    details: { title: deleted.title },
  });
  await publishEvent(
    tx,
    companyId,
    realtimeEvent('task.changed', { taskId, customerId: deleted.customer_id, change: 'deleted' }),
  );
  return true;
}

/**
 * deleteFollowUp (spec §2): the task stays and no longer refers to its message, which is cancelled
 * if it had not gone out. A task without a follow-up is answered as is. Null when there is no such task.
 */
export async function deleteTaskFollowUp(
  tx: Queryable,
  companyId: string,
  taskId: string,
): Promise<Task | null> {
  const task = await lockTask(tx, companyId, taskId);
  if (!task) return null;
  if (task.followUpId) {
    await cancelFollowUp(tx, companyId, task.followUpId);
    await tx.query(
      `UPDATE tasks SET reference_entity_name = NULL, reference_entity_id = NULL
        WHERE company_id = $1 AND id = $2`,
      [companyId, taskId],
    );
    await publishEvent(
      tx,
      companyId,
      realtimeEvent('task.changed', { taskId, customerId: task.customerId, change: 'updated' }),
    );
  }
  return loadTask(tx, companyId, taskId);
}
