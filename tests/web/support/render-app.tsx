import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/app/App';
import type { AppRoute } from '../../../src/app/routing/route-definition';
import { appRoutes } from '../../../src/app/routing/routes';
import { RoutesContext } from '../../../src/app/routing/routes-context';

/**
 * The whole app at `url`, on an in-memory location (wouter's memoryLocation) and a fresh cache that
 * does not retry, unless a test passes the cache it wants (the app's own, to see its retries).
 */
export function renderApp(
  url: string,
  routes: readonly AppRoute[] = appRoutes,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const location = memoryLocation({ path: url, record: true });
  const view = render(
    <RoutesContext value={routes}>
      <App location={location} queryClient={queryClient} />
    </RoutesContext>,
  );
  return { ...view, location, queryClient };
}
