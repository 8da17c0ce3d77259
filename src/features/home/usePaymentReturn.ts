import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { homeSearch } from '../../app/routing/route-search';
import { useValidatedSearch } from '../../app/routing/useValidatedSearch';
import { useSessionActor } from '../../app/session/session-context';
import { billingQueryKeys } from '../../lib/billing/billing-query-keys';
import { toast } from '../../lib/toasts';

export const PAYMENT_CONFIRMED_TEXT = 'Pagamento confirmado! Sua assinatura está ativa.';

/**
 * The checkout sends the browser back to /home?paymentsuccess=<checkout id> once the subscription
 * is active. Said once, with a toast; the session and the billing data are read again, and the
 * parameter leaves the address (a reload or a shared link must not say it again).
 */
export function usePaymentReturn(): void {
  const { paymentsuccess } = useValidatedSearch(homeSearch);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const confirmed = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!paymentsuccess || confirmed.current === paymentsuccess) return;
    confirmed.current = paymentsuccess;
    toast.success(PAYMENT_CONFIRMED_TEXT, { id: `payment-${paymentsuccess}` });
    void queryClient.invalidateQueries({ queryKey: billingQueryKeys.all });
    session.send({ type: 'REFRESH' });
    const params = new URLSearchParams(search);
    params.delete('paymentsuccess');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  }, [paymentsuccess, path, search, navigate, queryClient, session]);
}
