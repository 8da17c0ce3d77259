import { createTaskContract, type Task } from '../../../../contracts/tasks';
import type { CreateQuickTaskInput } from '../../../../machines/quick-task/quick-task.machine';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** POST /api/tasks under the submission's Idempotency-Key: the new task (a 400 names the fields it refuses). */
export async function createTask(
  { body, idempotencyKey }: CreateQuickTaskInput,
  signal: AbortSignal,
): Promise<Task> {
  const answer = await api.post(createTaskContract.url, {
    body,
    schema: createTaskContract.response,
    signal,
    idempotencyKey,
  });
  return unwrapEnvelope(answer).task;
}
