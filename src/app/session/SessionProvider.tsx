import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { readSessionCookies } from '../../lib/session/session-cookies';
import { onUnauthorized } from '../../lib/session/unauthorized-signal';
import { createAppSessionMachine } from './app-session-machine';
import { SessionContext } from './session-context';

type SessionProviderProps = {
  children: ReactNode;
  /** Called when logout has cleared session storage and the cache (what else keeps data drops it). */
  onBrowserDataCleared?: () => void;
};

/** The one session actor of the app, started from the cookies, for every page below it. */
export function SessionProvider({ children, onBrowserDataCleared }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [machine] = useState(() => createAppSessionMachine(queryClient, onBrowserDataCleared));
  const [input] = useState(() => {
    const { accessToken, refreshToken } = readSessionCookies();
    return { accessToken, refreshToken };
  });
  const session = useActorRef(machine, { input });

  // useActorRef starts the actor in an effect, and pages' effects run before their parents':
  // start it in a layout effect, which runs first, so a page can rely on a running session.
  useLayoutEffect(() => {
    session.start();
  }, [session]);

  useEffect(() => onUnauthorized(() => session.send({ type: 'REFRESH' })), [session]);

  return <SessionContext value={session}>{children}</SessionContext>;
}
