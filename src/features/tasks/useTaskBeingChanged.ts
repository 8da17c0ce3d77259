import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useTaskPaths } from './task-prefix';
import { followUpIdOf, taskDetailQuery } from './task-queries';
import { useTaskId } from './useTaskId';

/**
 * What a confirmation page about one task (delete it, remove its follow-up) works with: the task
 * the address names, loaded only to name it (the question stands without it), its follow-up's id,
 * the section's paths, the cache and navigation.
 */
export function useTaskBeingChanged() {
  const taskId = useTaskId();
  const paths = useTaskPaths();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const task = useQuery(taskDetailQuery(taskId)).data?.task;
  const followUpId = task ? followUpIdOf(task) : null;
  return { taskId, paths, queryClient, navigate, task, followUpId };
}
