import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { PhoneVerificationSent } from '../../../../contracts/onboarding';
import { phoneChangeValidateMachine } from '../../../../machines/phone-change/phone-change-validate.machine';
import {
  type CodeSent,
  phoneVerificationMachine,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../../../machines/phone-verification/phone-verification.machine';
import { RouteLoading } from '../../../app/routing/RouteLoading';
import { useSessionActor } from '../../../app/session/session-context';
import { useChartEvent } from '../../../lib/charts/useChartEvent';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { toast } from '../../../lib/toasts';
import { PhoneVerificationView } from '../../../ui/phone-verification/PhoneVerificationView';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { settingsUserQuery } from '../settings-user-query';
import { pendingPhoneChangeQuery } from './pending-phone-change-query';
import { sendPhoneChangeCode, verifyPhoneChangeCode } from './phone-change-calls';

export const PHONE_CHANGED_TEXT = 'Número de celular atualizado.';

/**
 * "Valide seu telefone" for a phone change: first whether a code is pending for the number (the
 * request page hands its send over; opened directly or reloaded, the server says), then the code.
 * A failure to load goes to the page's error screen (the boundary above).
 */
export function PhoneChangeVerification({ phoneNumber }: { phoneNumber: string }) {
  const query = useQuery({ ...pendingPhoneChangeQuery(phoneNumber), throwOnError: true });
  if (query.data === undefined)
    return (
      <QueryLoading query={query} queryKey={pendingPhoneChangeQuery(phoneNumber).queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
  return <PhoneChangeCode phoneNumber={phoneNumber} pending={query.data} />;
}

/**
 * The shared SMS-code view on the settings calls, run by the validate chart, which decides where
 * each end leads. Without a pending code the chart starts `unsent`: nothing was sent, "Enviar código".
 */
function PhoneChangeCode({
  phoneNumber,
  pending,
}: {
  phoneNumber: string;
  pending: PhoneVerificationSent | null;
}) {
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [machine] = useState(() =>
    phoneChangeValidateMachine.provide({
      actors: {
        phoneVerification: phoneVerificationMachine.provide({
          actors: {
            sendCode: fromPromise<CodeSent, SendCodeInput>(({ input, signal }) =>
              sendPhoneChangeCode(input, signal),
            ),
            verifyCode: fromPromise<unknown, VerifyCodeInput>(({ input, signal }) =>
              verifyPhoneChangeCode(input, signal),
            ),
          },
        }),
      },
    }),
  );
  const validate = useActorRef(machine, {
    input: { phoneNumber, sent: pending, awaitingSend: pending === null },
  });
  useChartEvent(validate, 'phoneChanged', () => {
    toast.success(PHONE_CHANGED_TEXT, { id: 'phone-changed' });
    queryClient.removeQueries({ queryKey: pendingPhoneChangeQuery(phoneNumber).queryKey });
    void queryClient.invalidateQueries({ queryKey: settingsUserQuery.queryKey });
    session.send({ type: 'REFRESH' });
  });
  useChartNavigation(validate);
  const verification = useSelector(validate, (snapshot) => snapshot.children.phoneVerification);
  return verification ? <PhoneVerificationView verification={verification} /> : <RouteLoading />;
}
