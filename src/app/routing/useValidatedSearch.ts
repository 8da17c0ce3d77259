import type * as z from 'zod/mini';
import { useCurrentRoute } from './current-route';

/**
 * The current route's query string as its schema (see route-search.ts) read it, typed. It was parsed
 * once, when the route matched (matchAppRoute); `schema` only names the type and must be the route's own.
 */
export function useValidatedSearch<S>(_schema: z.ZodMiniType<S>): S {
  return useCurrentRoute().search as S;
}
