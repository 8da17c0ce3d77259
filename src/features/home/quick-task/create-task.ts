import { createTaskContract, type Task, type TaskInput } from '../../../../contracts/tasks';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** POST /api/tasks: the new task (a 400 names the fields it refuses). */
export async function createTask(body: TaskInput, signal: AbortSignal): Promise<Task> {
  const answer = await api.post(createTaskContract.url, {
    body,
    schema: createTaskContract.response,
    signal,
  });
  return unwrapEnvelope(answer).task;
}
