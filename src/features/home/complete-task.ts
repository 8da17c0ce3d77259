import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { completeTaskContract } from '../../../contracts/tasks';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { formatDate } from '../../lib/format/date';
import { toast } from '../../lib/toasts';
import { dashboardQueryKey } from './dashboard-query';

/** POST /api/tasks/{id}/complete: the task done, and a recurring one's next occurrence. */
async function completeTask(taskId: string) {
  const url = completeTaskContract.url.replace(':taskId', encodeURIComponent(taskId)) as `/${string}`;
  return unwrapEnvelope(await api.post(url, { schema: completeTaskContract.response }));
}

/** Every list a task shows up in reads again: the tasks pages and the home page. */
export function invalidateTaskLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['tasks'] }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  ]);
}

/** Completing a task from the home page: a toast says so (and when a recurring one comes back). */
export function useCompleteTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeTask(taskId),
    onSuccess: async ({ nextTask }) => {
      toast.success('Tarefa concluída.', {
        id: `task-done-${taskId}`,
        description: nextTask ? `A próxima fica para ${formatDate(nextTask.dueAt)}.` : undefined,
      });
      await invalidateTaskLists(queryClient);
    },
    onError: (error) => {
      toast.error('Não foi possível concluir a tarefa.', {
        id: `task-done-${taskId}`,
        description: error.message,
      });
    },
  });
}
