import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { startPrefetch } from '../../lib/routing/preload-route';
import type { PageRoute, RouteParams } from '../../lib/routing/route-definition';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { type CurrentRoute, CurrentRouteContext } from './current-route';
import { RouteLoading } from './RouteLoading';
import { useDocumentTitle } from './useDocumentTitle';

type RouteViewProps = {
  route: PageRoute;
  params: RouteParams;
  search: unknown;
  /** Path and query: a new value clears an error shown for the previous one. */
  locationKey: string;
};

/** One route's page: its title, its data prefetch, its own error view, its chunk. */
export function RouteView({ route, params, search, locationKey }: RouteViewProps) {
  const queryClient = useQueryClient();
  const title = route.titleFor(search);
  useDocumentTitle(title);

  useEffect(() => {
    startPrefetch(route, { queryClient, params, search });
  }, [route, params, search, queryClient]);

  const current = useMemo<CurrentRoute>(
    () => ({ route, params, search, title }),
    [route, params, search, title],
  );
  const Page = route.page.Component;
  return (
    <CurrentRouteContext value={current}>
      <ErrorBoundary resetKey={locationKey}>
        <Suspense fallback={<RouteLoading />}>
          <Page />
        </Suspense>
      </ErrorBoundary>
    </CurrentRouteContext>
  );
}
