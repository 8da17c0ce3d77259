import { createContext, useContext } from 'react';
import type { AppRoute, RouteParams } from '../../lib/routing/route-definition';

export type CurrentRoute = {
  route: AppRoute;
  params: RouteParams;
  /** Validated by the route's schema; read it typed with useValidatedSearch. */
  search: unknown;
  /** The spec's title for this route, if it has one. */
  title: string | undefined;
};

export const CurrentRouteContext = createContext<CurrentRoute | undefined>(undefined);

export function useCurrentRoute(): CurrentRoute {
  const current = useContext(CurrentRouteContext);
  if (!current) throw new Error('useCurrentRoute must be used inside a route page');
  return current;
}
