import { completeTaskContract, reopenTaskContract, type Task } from '../../../contracts/tasks';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/** POST /api/tasks/{id}/complete: the task done, and a recurring one's next occurrence. */
export async function completeTask(taskId: string): Promise<{ task: Task; nextTask: Task | null }> {
  return unwrapEnvelope(
    await api.post(contractUrl(completeTaskContract.url, taskId), { schema: completeTaskContract.response }),
  );
}

/** POST /api/tasks/{id}/reopen: the task pending again. */
export async function reopenTask(taskId: string): Promise<Task> {
  return unwrapEnvelope(
    await api.post(contractUrl(reopenTaskContract.url, taskId), { schema: reopenTaskContract.response }),
  ).task;
}
