import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followUpCommandTexts } from '../../../machines/follow-up-status/follow-up-status.texts';
import { invalidateAfter } from '../cache/invalidate-after';
import { toast } from '../toasts';
import { resumeCustomerFollowUps } from './follow-up-commands';

/** One toast per customer's resume, so a second click's outcome replaces the first's. */
export const resumedToastId = (customerId: string) => `follow-ups-resumed-${customerId}`;

/**
 * "Retomar follow-ups" for a whole customer (the customer page's paused banner; one follow-up's own
 * command is its chart's): a toast says what happened (a failure, the server's words), then the
 * tasks and the customer's page are read again.
 */
export function useResumeFollowUps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeCustomerFollowUps,
    onSuccess: (_, customerId) =>
      toast.success(followUpCommandTexts.resumed, { id: resumedToastId(customerId) }),
    onError: (error, customerId) => toast.error(error.message, { id: resumedToastId(customerId) }),
    onSettled: () => invalidateAfter(queryClient, 'followUp'),
  });
}
