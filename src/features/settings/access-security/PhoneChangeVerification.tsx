import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  type CodeSent,
  phoneVerificationMachine,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../../../machines/phone-verification/phone-verification.machine';
import { useSessionActor } from '../../../app/session/session-context';
import { toast } from '../../../lib/toasts';
import { PhoneVerificationView } from '../../../ui/phone-verification/PhoneVerificationView';
import { settingsUserQuery } from '../settings-user-query';
import { sendPhoneChangeCode, verifyPhoneChangeCode } from './phone-change-calls';
import { codeSentTo } from './phone-change-code-sent';

export const PHONE_CHANGED_TEXT = 'Número de celular atualizado.';
export const PHONE_CHANGE_PATH = '/settings/access-security/phone-change';

/**
 * "Valide seu telefone" for a phone change: the shared SMS-code chart and view, on the settings
 * calls. A code that checks out updates the account (the user's data and the session are read
 * again) and returns to /settings; "Alterar número" goes back to the form.
 */
export function PhoneChangeVerification({ phoneNumber }: { phoneNumber: string }) {
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    phoneVerificationMachine.provide({
      actors: {
        sendCode: fromPromise<CodeSent, SendCodeInput>(({ input, signal }) =>
          sendPhoneChangeCode(input, signal),
        ),
        verifyCode: fromPromise<unknown, VerifyCodeInput>(({ input, signal }) =>
          verifyPhoneChangeCode(input, signal),
        ),
      },
    }),
  );
  const [sent] = useState(() => codeSentTo(queryClient, phoneNumber) ?? null);
  const verification = useActorRef(machine, { input: { phoneNumber, sent } });
  const outcome = useSelector(verification, (snapshot) =>
    snapshot.status === 'done' ? snapshot.output : null,
  );

  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === 'changeNumber') {
      navigate(PHONE_CHANGE_PATH);
      return;
    }
    toast.success(PHONE_CHANGED_TEXT, { id: 'phone-changed' });
    void queryClient.invalidateQueries({ queryKey: settingsUserQuery.queryKey });
    session.send({ type: 'REFRESH' });
    // Replaced: Back must not lead to the form of a code already used.
    navigate('/settings', { replace: true });
  }, [outcome, navigate, queryClient, session]);

  return <PhoneVerificationView verification={verification} />;
}
