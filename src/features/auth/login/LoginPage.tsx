import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import {
  loginMachine,
  type SignInOutcome,
  type SignInTokens,
} from '../../../../machines/login/login.machine';
import { loginSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { useSessionActor } from '../../../app/session/session-context';
import { signIn } from '../../../app/session/sign-in';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { toast } from '../../../lib/toasts';
import { AuthStatus } from '../AuthStatus';
import { addressWithoutTokens } from './address-without-tokens';

/** /login (spec §2): where the hosted login sends the user back, with tokens or an error. */
export default function LoginPage() {
  const input = useValidatedSearch(loginSearch);
  const session = useSessionActor();
  const [path, navigate] = useLocation();
  const search = useSearch();
  // The URL as it arrived: the chart reads it once, before the tokens leave the address bar.
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: {
        signIn: fromPromise<SignInOutcome, SignInTokens>(({ input: tokens }) => signIn(session, tokens)),
      },
      actions: {
        hideTokens: () => {
          const clean = addressWithoutTokens(path, search);
          if (clean !== (search ? `${path}?${search}` : path)) navigate(clean, { replace: true });
        },
      },
    }),
  );
  const login = useActorRef(machine, { input });
  useChartNavigation(login);
  // The chart emits the hosted login's error; the toaster shows it. Subscribed before the actor
  // starts (a layout effect), so the first step's error is heard.
  useLayoutEffect(() => {
    const subscription = login.on('error', ({ message }) => toast.error(message, { id: 'login-error' }));
    return () => subscription.unsubscribe();
  }, [login]);

  return <AuthStatus text="Autenticando..." />;
}
