import { matchPath } from './path-pattern';
import type { AppRoute, RouteParams } from './route-definition';

export type RouteMatch = {
  route: AppRoute;
  params: RouteParams;
  /** The route's validated search (its schema's output). */
  search: unknown;
};

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape stays as typed
  }
}

/** The first route of the table whose path matches (the table is ordered), with its params and search. */
export function matchAppRoute(
  routes: readonly AppRoute[],
  path: string,
  search: string,
): RouteMatch | undefined {
  for (const route of routes) {
    const encoded = matchPath(route.pattern, path);
    if (!encoded) continue;
    const segments = Object.fromEntries(
      Object.entries(encoded).map(([key, value]) => [key, decodeSegment(value)]),
    );
    const params = route.parseParams ? route.parseParams(segments) : segments;
    return { route, params, search: route.parseSearch(search) };
  }
  return undefined;
}
