import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '../../../contracts/tasks';
import { invalidateAfter } from '../cache/invalidate-after';
import { formatDateTime } from '../format/date';
import { toast } from '../toasts';
import { completeTask, reopenTask } from './task-completion-calls';

export const COMPLETED_TEXT = 'Tarefa concluída.';
export const REOPENED_TEXT = 'Tarefa reaberta.';

export function nextTaskText(next: Task): string {
  return `Próxima tarefa criada para ${formatDateTime(next.dueAt)}`;
}

/** The toast of one task's completion: one at a time per task, wherever it was done from. */
export const completionToastId = (taskId: string) => `task-completion-${taskId}`;

type Change = { done: boolean };

/**
 * "Concluir" / "Reabrir" one task, from the tasks pages or the home page: a toast says what
 * happened (for a recurring task, when the next one is due; a failure, the server's words), then
 * every task list, the counts and the home page are read again.
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
      const id = completionToastId(task.id);
      if (!done) toast.success(REOPENED_TEXT, { id });
      else if (nextTask) toast.success(nextTaskText(nextTask), { id });
      else toast.success(COMPLETED_TEXT, { id });
    },
    onError: (error) => {
      toast.error(error.message, { id: completionToastId(task.id) });
    },
    // A refused change (the task deleted meanwhile) also means the lists on screen are out of date.
    onSettled: () => invalidateAfter(queryClient, 'task'),
  });
}
