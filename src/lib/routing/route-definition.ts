import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { RequiredRole } from '../../../contracts/roles';
import type { LazyPage } from './lazy-page';
import { parseSearch } from './parse-search';
import { compilePath, type PathPattern } from './path-pattern';

/**
 * Who may open a route (spec §2, §6; the app's guards decide, see src/app/routing/access.ts):
 * - `public`: anyone;
 * - `signed-in`: a session (the onboarding routes), otherwise /logout;
 * - `app`: the signed-in area, with the full guard order.
 */
export type RouteAccess = 'public' | 'signed-in' | 'app';

/** `shell`: inside the signed-in app frame (navigation, theme switch). `bare`: a page of its own. */
export type RouteLayout = 'shell' | 'bare';

/** Path segments, percent-decoded; a route may map a segment to null (e.g. dealId "new"). */
export type RouteParams = Readonly<Record<string, string | null>>;

export type PrefetchContext<S> = { queryClient: QueryClient; params: RouteParams; search: S };

type RouteTarget = { page: LazyPage; redirectTo?: never } | { redirectTo: string; page?: never };

type RouteConfig<S> = RouteTarget & {
  /** Fixed and `:name` segments (see path-pattern.ts); a trailing slash is optional in the URL. */
  path: string;
  layout: RouteLayout;
  /**
   * Who may open it. Defaults by layout: the app frame is the signed-in area
   * (`app`), a page of its own is `public`.
   */
  access?: RouteAccess;
  /**
   * The least role in the company that may open it (issue 15), as the contract of what the page
   * does says; a role below it sees the "Sem acesso" page. None: every member.
   */
  minRole?: RequiredRole;
  /** The spec's title; without one the document title is just the product name. */
  title?: string | ((search: S) => string);
  search?: z.ZodMiniType<S>;
  /** Turns the decoded path segments into what the page reads. */
  params?: (segments: Readonly<Record<string, string>>) => RouteParams;
  /**
   * Data a page needs, fetched on entering the route and on link intent (TanStack Query
   * prefetchQuery, so a fresh cache entry is not fetched again).
   */
  prefetch?: (context: PrefetchContext<S>) => Promise<unknown> | undefined;
};

/** A route with its search type erased, so routes of different shapes share one table. */
export type AppRoute = RouteTarget & {
  path: string;
  pattern: PathPattern;
  layout: RouteLayout;
  access: RouteAccess;
  minRole?: RequiredRole;
  parseSearch: (search: string) => unknown;
  parseParams?: (segments: Readonly<Record<string, string>>) => RouteParams;
  titleFor: (search: unknown) => string | undefined;
  prefetch?: (context: PrefetchContext<unknown>) => Promise<unknown> | undefined;
};

/** A route that shows a page (rather than redirecting). */
export type PageRoute = Extract<AppRoute, { page: LazyPage }>;

export function defineRoute<S = Record<string, never>>(config: RouteConfig<S>): AppRoute {
  const { search: schema, title, prefetch, params, access, ...rest } = config;
  return {
    ...rest,
    access: access ?? (rest.layout === 'shell' ? 'app' : 'public'),
    pattern: compilePath(rest.path),
    parseParams: params,
    // Only the route's own schema produced this value, so reading it back as S is sound.
    parseSearch: (search) => (schema ? parseSearch(schema, search) : {}),
    titleFor: (search) => (typeof title === 'function' ? title(search as S) : title),
    prefetch: prefetch && ((context) => prefetch({ ...context, search: context.search as S })),
  } as AppRoute;
}
