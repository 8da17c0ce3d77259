import type { $ZodType } from 'zod/v4/core';

/**
 * Reading a zod schema's definition (what code that walks schemas needs): the kinds that only wrap
 * another schema, and the schema they wrap.
 */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema `schema` wraps (an optional's, a default's, a pipe's input…); undefined for any other kind. */
export function wrappedBy(schema: $ZodType): $ZodType | undefined {
  const def = schema._zod.def as unknown as { type: string; innerType?: $ZodType; in?: $ZodType };
  if (WRAPPERS.has(def.type)) return def.innerType;
  if (def.type === 'pipe') return def.in;
  return undefined;
}
