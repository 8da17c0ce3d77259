import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link } from '../../lib/routing/Link';
import { useSessionActor, useSessionUser } from '../session/session-context';

// Only people in more than one company need it: its own chunk, loaded after the shell paints.
const CompanySwitcher = lazy(() => import('./CompanySwitcher'));

const signOutIcon = 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10';

/**
 * Who is signed in and the way out. On phones only the "Sair" icon shows (its name stays for screen
 * readers); in the sidebar, the name and e-mail above it.
 */
export function AccountBox() {
  const user = useSessionUser();
  const severalCompanies = useSelector(useSessionActor(), (snapshot) => snapshot.context.companyCount > 1);
  return (
    <div className="app-shell__account">
      {user ? (
        <p className="app-shell__account-who">
          <span className="app-shell__account-name">{user.name ?? user.email}</span>
          {user.name ? <span className="app-shell__account-email">{user.email}</span> : null}
        </p>
      ) : null}
      {severalCompanies ? (
        <Suspense fallback={null}>
          <CompanySwitcher />
        </Suspense>
      ) : null}
      <Link to="/logout" className="app-shell__sign-out">
        <svg className="app-shell__sign-out-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={signOutIcon} />
        </svg>
        <span>Sair</span>
      </Link>
    </div>
  );
}
