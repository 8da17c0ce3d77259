import { useActorRef } from '@xstate/react';
import { useState } from 'react';
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
        // The toaster is an actor of its own; told directly, it queues the toast.
        showError: (_, { message }) => toast.error(message, { id: 'login-error' }),
        leave: (_, { to }) => navigate(to, { replace: true }),
        hideTokens: () => {
          const clean = addressWithoutTokens(path, search);
          if (clean !== (search ? `${path}?${search}` : path)) navigate(clean, { replace: true });
        },
      },
    }),
  );
  useActorRef(machine, { input });

  return <AuthStatus text="Autenticando..." />;
}
