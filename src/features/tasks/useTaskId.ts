import { useCurrentRoute } from '../../app/routing/current-route';

/** The task the address names (/tasks/{taskId}/…, /home/{taskId}/…). */
export function useTaskId(): string {
  return useCurrentRoute().params.taskId ?? '';
}
