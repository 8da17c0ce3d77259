import type { QueryClient } from '@tanstack/react-query';
import type { PhoneVerificationSent } from '../../../../contracts/onboarding';

/**
 * The send's answer (when the code expires, when another may be asked for), handed from the
 * request page to "Valide seu telefone" through the cache: the address carries only the number.
 * Reopened later, the page has none, and another code may be asked for at once.
 */
const key = (phoneNumber: string) => ['settings', 'phone-change', 'code-sent', phoneNumber] as const;

export function rememberCodeSent(queryClient: QueryClient, sent: PhoneVerificationSent): void {
  queryClient.setQueryData(key(sent.phoneNumber), sent);
}

export function codeSentTo(queryClient: QueryClient, phoneNumber: string): PhoneVerificationSent | undefined {
  return queryClient.getQueryData<PhoneVerificationSent>(key(phoneNumber));
}
