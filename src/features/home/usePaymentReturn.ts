import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type PaymentConfirmedEvent,
  paymentReturnMachine,
} from '../../../machines/payment-return/payment-return.machine';
import { useSessionActor } from '../../app/session/session-context';
import { billingQueryKeys } from '../../lib/billing/billing-query-keys';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { useChartNavigation } from '../../lib/navigation/useChartNavigation';
import { toast } from '../../lib/toasts';

export const PAYMENT_CONFIRMED_TEXT = 'Pagamento confirmado! Sua assinatura está ativa.';

/**
 * The checkout sends the browser back to /home?paymentsuccess=<checkout id> once the subscription
 * is active. The page tells the payment-return chart its address; the chart says when a payment is
 * confirmed (a toast; the session and the billing data are read again) and where the address goes.
 */
export function usePaymentReturn(): void {
  const [path] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const paymentReturn = useActorRef(paymentReturnMachine);
  useChartNavigation(paymentReturn);
  useChartEvent(paymentReturn, 'paymentConfirmed', (event) => {
    const { checkoutId } = event as PaymentConfirmedEvent;
    toast.success(PAYMENT_CONFIRMED_TEXT, { id: `payment-${checkoutId}` });
    void queryClient.invalidateQueries({ queryKey: billingQueryKeys.all });
    session.send({ type: 'REFRESH' });
  });
  useEffect(() => {
    paymentReturn.send({ type: 'ADDRESS', path, search: search ? `?${search}` : '' });
  }, [paymentReturn, path, search]);
}
