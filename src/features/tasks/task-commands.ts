import {
  createTaskContract,
  deleteFollowUpContract,
  deleteTaskContract,
  type Task,
  type TaskInput,
  updateTaskContract,
} from '../../../contracts/tasks';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { deleteFollowUpUrl, taskUrl } from './task-urls';

/**
 * The calls that change tasks. Each resolves with the server's data or throws an ApiError (its
 * message is the server's pt-BR text; a 400 carries the field issues).
 */

/** POST /api/tasks under the submission's Idempotency-Key (taskId null) or PUT /api/tasks/{taskId}. */
export async function saveTask(
  taskId: string | null,
  body: TaskInput,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<Task> {
  const result =
    taskId === null
      ? await api.post(createTaskContract.url, {
          body,
          schema: createTaskContract.response,
          signal,
          idempotencyKey,
        })
      : await api.put(taskUrl(taskId), { body, schema: updateTaskContract.response, signal });
  return unwrapEnvelope(result).task;
}

export async function deleteTask(taskId: string): Promise<void> {
  unwrapEnvelope(await api.delete(taskUrl(taskId), { schema: deleteTaskContract.response }));
}

/** Removes only the follow-up message; the task stays. */
export async function deleteFollowUp(taskId: string): Promise<Task> {
  return unwrapEnvelope(
    await api.delete(deleteFollowUpUrl(taskId), { schema: deleteFollowUpContract.response }),
  ).task;
}
