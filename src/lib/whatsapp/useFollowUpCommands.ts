import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../cache/invalidate-after';
import { toast } from '../toasts';
import { resumeCustomerFollowUps, sendFollowUpNow } from './follow-up-commands';

export const SENT_NOW_TEXT = 'Mensagem na fila para envio.';
export const RESUMED_TEXT = 'Follow-ups retomados.';

/**
 * "Enviar agora" and "Retomar follow-ups": a toast says what happened (a failure, the server's
 * words), then the tasks and the customer's page are read again.
 */
export function useFollowUpCommands() {
  const queryClient = useQueryClient();
  const settle = () => invalidateAfter(queryClient, 'followUp');
  const sendNow = useMutation({
    mutationFn: sendFollowUpNow,
    onSuccess: (_, followUpId) => toast.success(SENT_NOW_TEXT, { id: `follow-up-${followUpId}` }),
    onError: (error, followUpId) => toast.error(error.message, { id: `follow-up-${followUpId}` }),
    onSettled: settle,
  });
  const resume = useMutation({
    mutationFn: resumeCustomerFollowUps,
    onSuccess: (_, customerId) => toast.success(RESUMED_TEXT, { id: `follow-ups-resumed-${customerId}` }),
    onError: (error, customerId) => toast.error(error.message, { id: `follow-ups-resumed-${customerId}` }),
    onSettled: settle,
  });
  return { sendNow, resume };
}
