import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTaskPaths } from './task-prefix';
import { followUpIdOf, taskDetailQuery } from './task-queries';
import { useTaskId } from './useTaskId';

/**
 * What a confirmation page about one task (delete it, remove its follow-up) works with: the task
 * the address names, loaded only to name it (the question stands without it), its follow-up's id,
 * the section's paths and the cache (the confirm-delete chart decides where the page goes).
 */
export function useTaskBeingChanged() {
  const taskId = useTaskId();
  const paths = useTaskPaths();
  const queryClient = useQueryClient();
  const task = useQuery(taskDetailQuery(taskId)).data?.task;
  const followUpId = task ? followUpIdOf(task) : null;
  return { taskId, paths, queryClient, task, followUpId };
}
