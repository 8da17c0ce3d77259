import { useEffect } from 'react';
import { logoutSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { useSessionActor } from '../../../app/session/session-context';
import { AuthStatus } from '../AuthStatus';

/**
 * /logout (spec §2): tells the session chart it was opened. The chart forgets the tokens, session
 * storage and every cached query, then leaves for the hosted login's logout, which ends its own
 * session and returns to this app; opened again meanwhile (React's development double effects), it
 * does not leave twice.
 */
export default function LogoutPage() {
  const { redirect } = useValidatedSearch(logoutSearch);
  const session = useSessionActor();
  useEffect(() => {
    session.send({ type: 'LOGOUT', redirect });
  }, [session, redirect]);
  return <AuthStatus text="Saindo..." />;
}
