import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '../../../contracts/tasks';
import { toast } from '../../lib/toasts';
import { completeTask, reopenTask } from './task-commands';
import { formatDateTime } from './task-dates';
import { invalidateTaskData } from './task-invalidation';

export const COMPLETED_TEXT = 'Tarefa concluída.';
export const REOPENED_TEXT = 'Tarefa reaberta.';

export function nextTaskText(next: Task): string {
  return `Próxima tarefa criada para ${formatDateTime(next.dueAt)}`;
}

type Change = { done: boolean };

/**
 * "Concluir" / "Reabrir" one task: a toast says what happened (for a recurring task, when the
 * next one is due), then every task list, count and the dashboard are read again.
 */
export function useTaskCompletion(task: Pick<Task, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ done }: Change) => {
      if (!done) return { reopened: await reopenTask(task.id), nextTask: null };
      const { nextTask } = await completeTask(task.id);
      return { reopened: null, nextTask };
    },
    onSuccess: ({ nextTask }, { done }) => {
      const id = `task-completion-${task.id}`;
      if (!done) toast.success(REOPENED_TEXT, { id });
      else if (nextTask) toast.success(nextTaskText(nextTask), { id });
      else toast.success(COMPLETED_TEXT, { id });
    },
    onError: (error) => {
      toast.error(error.message, { id: `task-completion-${task.id}` });
    },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
