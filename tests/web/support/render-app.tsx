import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/app/App';
import { appRoutes } from '../../../src/app/routing/routes';
import type { AppRoute } from '../../../src/lib/routing/route-definition';

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
  const view = render(<App routes={routes} location={location} queryClient={queryClient} />);
  return { ...view, location, queryClient };
}
