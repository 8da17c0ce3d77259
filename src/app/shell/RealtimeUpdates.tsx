import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionActor } from '../session/session-context';

/**
 * Live updates for the signed-in area: the realtime client loads after the first paint (its own
 * chunk, outside /home's and /login's budget) and runs while the shell is shown. Renders nothing.
 */
export function RealtimeUpdates() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/realtime/start-realtime').then(({ startRealtime }) => {
      if (cancelled) return;
      stop = startRealtime({
        queryClient,
        session: {
          token: () => session.getSnapshot().context.token,
          subscribe: (listener) => {
            const subscription = session.subscribe(listener);
            return () => subscription.unsubscribe();
          },
          refresh: () => session.send({ type: 'REFRESH' }),
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [session, queryClient]);
  return null;
}
