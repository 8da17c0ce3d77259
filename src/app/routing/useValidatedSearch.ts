import { useMemo } from 'react';
import { useSearch } from 'wouter';
import type * as z from 'zod/mini';
import { parseSearch } from './parse-search';

/** The current query string read through a route's schema (see route-search.ts), typed. */
export function useValidatedSearch<S>(schema: z.ZodMiniType<S>): S {
  const search = useSearch();
  return useMemo(() => parseSearch(schema, search), [schema, search]);
}
