import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followUpCommandTexts } from '../../../machines/follow-up-status/follow-up-status.texts';
import { invalidateAfter } from '../cache/invalidate-after';
import { toast } from '../toasts';
import { resumeCustomerFollowUps } from './follow-up-commands';

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
      toast.success(followUpCommandTexts.resumed, { id: `follow-ups-resumed-${customerId}` }),
    onError: (error, customerId) => toast.error(error.message, { id: `follow-ups-resumed-${customerId}` }),
    onSettled: () => invalidateAfter(queryClient, 'followUp'),
  });
}
