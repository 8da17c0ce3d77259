import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { RequiredRole } from '../../../contracts/roles';
import { isMobileDevice } from '../../lib/device/mobile-device';
import { prefersWebOnMobile } from '../../lib/device/web-on-mobile';
import { Redirect } from '../../lib/routing/Redirect';
import type { RouteAccess } from '../../lib/routing/route-definition';
import { useSessionStatus } from '../session/session-context';
import { BarePage } from '../shell/BarePage';
import { decideAccess } from './access';
import { RouteLoading } from './RouteLoading';

/**
 * Shows the route's page only to whom its access level lets in (spec §2 guards), and `forbidden`
 * instead to a member whose role is below the route's `minRole`.
 */
export function AccessGate({
  access,
  minRole,
  forbidden,
  children,
}: {
  access: RouteAccess;
  minRole?: RequiredRole;
  forbidden: ReactNode;
  children: ReactNode;
}) {
  const session = useSessionStatus();
  const [path] = useLocation();
  const search = useSearch();
  const decision = decideAccess(
    access,
    session,
    {
      path,
      search,
      mobileDevice: access === 'app' && isMobileDevice(),
      prefersWeb: access === 'app' && prefersWebOnMobile(),
    },
    minRole,
  );
  if (decision.kind === 'forbidden') return forbidden;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'wait') {
    return (
      <BarePage>
        <RouteLoading />
      </BarePage>
    );
  }
  return children;
}
