import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router } from 'wouter';
import { createQueryClient } from '../lib/cache/query-client';
import type { AppRoute } from '../lib/routing/route-definition';
import { RoutesContext } from '../lib/routing/routes-context';
import { AppToaster } from '../ui/toaster/AppToaster';
import { PageViews } from './analytics/PageViews';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { AppRoutes } from './routing/AppRoutes';
import { ScrollRestoration } from './scroll/ScrollRestoration';
import { createScrollRestorer, type ScrollRestorer } from './scroll/scroll-restorer';
import { SessionProvider } from './session/SessionProvider';

type AppProps = {
  /** The route table (src/app/routing/routes.ts, or a test's own): only the root imports the pages. */
  routes: readonly AppRoute[];
  queryClient?: QueryClient;
  /** Where the URL lives: the browser's history by default; tests pass wouter's memoryLocation(). */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  scrollRestorer?: ScrollRestorer;
};

/** The web client's root: error boundary, data cache, session, route table, router, toasts. */
export function App({ routes, queryClient, location, scrollRestorer }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [restorer] = useState(() => scrollRestorer ?? createScrollRestorer());
  return (
    <ErrorBoundary fullPage>
      <QueryClientProvider client={client}>
        <SessionProvider onBrowserDataCleared={restorer.forget}>
          <RoutesContext value={routes}>
            <Router hook={location?.hook} searchHook={location?.searchHook} aroundNav={restorer.aroundNav}>
              <AppRoutes />
              <ScrollRestoration restorer={restorer} />
              <PageViews />
            </Router>
          </RoutesContext>
        </SessionProvider>
        <AppToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
