import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router } from 'wouter';
import { AppToaster } from '../ui/toaster/AppToaster';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routing/AppRoutes';
import { ScrollRestoration } from './scroll/ScrollRestoration';
import { createScrollRestorer, type ScrollRestorer } from './scroll/scroll-restorer';
import { SessionProvider } from './session/SessionProvider';

type AppProps = {
  queryClient?: QueryClient;
  /** Where the URL lives: the browser's history by default; tests pass wouter's memoryLocation(). */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  scrollRestorer?: ScrollRestorer;
};

/** The web client's root: error boundary, data cache, session, router, toasts. */
export function App({ queryClient, location, scrollRestorer }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [restorer] = useState(() => scrollRestorer ?? createScrollRestorer());
  return (
    <ErrorBoundary fullPage>
      <QueryClientProvider client={client}>
        <SessionProvider onBrowserDataCleared={restorer.forget}>
          <Router hook={location?.hook} searchHook={location?.searchHook} aroundNav={restorer.aroundNav}>
            <AppRoutes />
            <ScrollRestoration restorer={restorer} />
          </Router>
        </SessionProvider>
        <AppToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
