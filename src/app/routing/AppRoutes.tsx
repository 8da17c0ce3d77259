import { type ReactNode, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { matchAppRoute } from '../../lib/routing/match-route';
import { Redirect } from '../../lib/routing/Redirect';
import { useRoutes } from '../../lib/routing/routes-context';
import { NoAccessView } from '../errors/NoAccessView';
import { NotFoundView } from '../errors/NotFoundView';
import { AppShell } from '../shell/AppShell';
import { BarePage } from '../shell/BarePage';
import { AccessGate } from './AccessGate';
import { RouteView } from './RouteView';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * Picks the route for the URL, lets the guards decide (AccessGate), and puts it (or the "Sem acesso"
 * page, for a role the route does not reach) in the app frame or on a page of its own.
 */
export function AppRoutes() {
  const routes = useRoutes();
  const [path] = useLocation();
  const search = useSearch();
  const match = useMemo(() => matchAppRoute(routes, path, search), [routes, path, search]);

  if (!match) return <NotFound />;
  const { route, params } = match;
  if (route.redirectTo !== undefined) return <Redirect to={route.redirectTo} replace />;
  const framed = (view: ReactNode) =>
    route.layout === 'shell' ? <AppShell>{view}</AppShell> : <BarePage>{view}</BarePage>;
  return (
    <AccessGate access={route.access} minRole={route.minRole} forbidden={framed(<NoAccessView />)}>
      {framed(
        <RouteView route={route} params={params} search={match.search} locationKey={`${path}?${search}`} />,
      )}
    </AccessGate>
  );
}

function NotFound() {
  useDocumentTitle(undefined);
  return <NotFoundView />;
}
