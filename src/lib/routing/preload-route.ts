import type { QueryClient } from '@tanstack/react-query';
import { matchAppRoute } from './match-route';
import type { AppRoute, PrefetchContext } from './route-definition';

/**
 * Gets a route ready before the user arrives: downloads its page and prefetches its data. Never
 * throws: a failed download shows up if the user does navigate (the error view offers a reload).
 */
export function preloadRoute(
  routes: readonly AppRoute[],
  href: string,
  queryClient: QueryClient,
  followRedirect = true,
): void {
  const [path = '', search = ''] = href.split('#')[0]!.split('?');
  const match = matchAppRoute(routes, path, search);
  if (!match) return;
  const { route, params } = match;
  if (route.redirectTo !== undefined) {
    if (followRedirect) preloadRoute(routes, route.redirectTo, queryClient, false);
    return;
  }
  route.page.preload().catch(() => {});
  startPrefetch(route, { queryClient, params, search: match.search });
}

/** Runs a route's prefetch without letting it throw into the caller (an event handler, an effect). */
export function startPrefetch(route: AppRoute, context: PrefetchContext<unknown>): void {
  if (!route.prefetch) return;
  try {
    route.prefetch(context)?.catch(() => {});
  } catch {
    // Prefetching is an optimisation; the page fetches what it needs anyway.
  }
}
