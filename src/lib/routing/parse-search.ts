import type * as z from 'zod/mini';

/**
 * Reads a query string through a route's schema. The schemas give every field a fallback, so a
 * hand-edited or stale URL still opens the page with the spec's defaults. A repeated key counts once
 * (its first value).
 */
export function parseSearch<S>(schema: z.ZodMiniType<S>, search: string): S {
  const firstValues = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) {
    if (!firstValues.has(key)) firstValues.set(key, value);
  }
  return schema.parse(Object.fromEntries(firstValues));
}
