import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PhoneVerificationSent } from '../../../../contracts/onboarding';
import { getPendingPhoneChangeContract } from '../../../../contracts/settings';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/**
 * The phone-change code pending for a number (when it expires, when another may be asked for), or
 * null when none is. The request page puts the send's answer here before it moves on, so "Valide seu
 * telefone" starts counting down at once; opened directly or reloaded, the page asks the server.
 */
export function pendingPhoneChangeQuery(phoneNumber: string) {
  return queryOptions({
    queryKey: ['settings', 'phone-change', 'pending', phoneNumber] as const,
    queryFn: ({ signal }): Promise<PhoneVerificationSent | null> =>
      api
        .get(getPendingPhoneChangeContract.url, {
          query: { phoneNumber },
          schema: getPendingPhoneChangeContract.response,
          signal,
        })
        .then(unwrapEnvelope)
        .then((data) => data.pendingVerification),
  });
}

export function rememberCodeSent(queryClient: QueryClient, sent: PhoneVerificationSent): void {
  queryClient.setQueryData(pendingPhoneChangeQuery(sent.phoneNumber).queryKey, sent);
}
