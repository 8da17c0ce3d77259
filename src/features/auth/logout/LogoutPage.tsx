import { useEffect, useRef } from 'react';
import { logoutSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { hostedLogoutUrl } from '../../../app/session/hosted-login';
import { useSessionActor } from '../../../app/session/session-context';
import { AuthStatus } from '../AuthStatus';

/**
 * /logout (spec §2): the session forgets the tokens, session storage and every cached query, then
 * the hosted login ends its own session and returns to this app.
 */
export default function LogoutPage() {
  const { redirect } = useValidatedSearch(logoutSearch);
  const session = useSessionActor();
  const left = useRef(false);

  useEffect(() => {
    if (left.current) return;
    left.current = true;
    session.send({ type: 'LOGOUT' });
    window.location.assign(hostedLogoutUrl(redirect));
  }, [session, redirect]);

  return <AuthStatus text="Saindo..." />;
}
