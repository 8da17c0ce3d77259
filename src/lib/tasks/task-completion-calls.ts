import { completeTaskContract, reopenTaskContract, type Task } from '../../../contracts/tasks';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

const withTaskId = (url: string, taskId: string) =>
  url.replace(':taskId', encodeURIComponent(taskId)) as `/${string}`;

/** POST /api/tasks/{id}/complete: the task done, and a recurring one's next occurrence. */
export async function completeTask(taskId: string): Promise<{ task: Task; nextTask: Task | null }> {
  return unwrapEnvelope(
    await api.post(withTaskId(completeTaskContract.url, taskId), { schema: completeTaskContract.response }),
  );
}

/** POST /api/tasks/{id}/reopen: the task pending again. */
export async function reopenTask(taskId: string): Promise<Task> {
  return unwrapEnvelope(
    await api.post(withTaskId(reopenTaskContract.url, taskId), { schema: reopenTaskContract.response }),
  ).task;
}
