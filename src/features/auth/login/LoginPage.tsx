import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
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
        hideTokens: () => {
          const clean = addressWithoutTokens(path, search);
          if (clean !== (search ? `${path}?${search}` : path)) navigate(clean, { replace: true });
        },
        // The toaster is an actor too: told right after this step, not from inside it.
        showError: (_, { message }) => queueMicrotask(() => toast.error(message, { id: 'login-error' })),
      },
    }),
  );
  const login = useActorRef(machine, { input });
  const destination = useSelector(login, (snapshot) =>
    snapshot.status === 'done' ? snapshot.output.destination : undefined,
  );

  if (destination) return <Redirect to={destination} replace />;
  return <AuthStatus text="Autenticando..." />;
}
