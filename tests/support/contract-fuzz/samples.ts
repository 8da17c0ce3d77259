import { type $ZodType, safeParse } from 'zod/v4/core';
import { wrappedBy } from '../../../server/http/zod-definitions';

/**
 * A valid value for a contract's schema, so that a malformed case changes one thing of a request
 * the route would accept and the handler runs with the rest. Read from the schema's definition;
 * what a definition cannot say (a valid CPF, an id of a real row) comes from `hints`, by field name,
 * where the field's schema takes the hint (one name can mean different things: a sign-in `code` is a
 * string, a Graph error `code` a number).
 */
export type SampleHints = Record<string, unknown>;

type Def = Record<string, unknown> & { type: string; checks?: { _zod: { def: CheckDef } }[] };
type CheckDef = Record<string, unknown> & { check: string };

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
const checksOf = (schema: $ZodType) => (defOf(schema).checks ?? []).map((check) => check._zod.def);

export function sampleOf(schema: $ZodType, hints: SampleHints, key?: string): unknown {
  if (key !== undefined && Object.hasOwn(hints, key) && safeParse(schema, hints[key]).success)
    return hints[key];
  const wrapped = wrappedBy(schema);
  if (wrapped) return sampleOf(wrapped, hints, key);
  const def = defOf(schema);
  const inner = (name: string) => def[name] as $ZodType;
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(def.shape as Record<string, $ZodType>)) {
        const sample = sampleOf(fieldSchema, hints, field);
        if (sample !== undefined) value[field] = sample;
      }
      return value;
    }
    case 'string':
      return stringSample(schema);
    case 'number':
    case 'int':
      return numberSample(schema);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleOf(inner('element'), hints, key)];
    case 'tuple':
      return (def.items as $ZodType[]).map((item) => sampleOf(item, hints));
    case 'union':
      return sampleOf((def.options as $ZodType[])[0]!, hints, key);
    case 'record':
      return {};
    default:
      return undefined;
  }
}

const formatSamples: Record<string, string> = {
  datetime: '2030-06-01T12:00:00-03:00',
  date: '2030-06-01',
  uuid: '0b6f3c5e-8d0a-4c1e-9a57-3f1d2b4c6e8a',
  email: 'fuzz@exemplo.com.br',
  url: 'https://exemplo.com.br/',
};

function stringSample(schema: $ZodType): string {
  const format = defOf(schema).format as string | undefined;
  if (format && format in formatSamples) return formatSamples[format]!;
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, Number(check.minimum));
    if (check.check === 'max_length') max = Math.min(max, Number(check.maximum));
  }
  const text = 'Texto de teste';
  return text.length < min ? text.padEnd(min, 'x') : text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function numberSample(schema: $ZodType): number {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than') low = Number(check.value) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') high = Number(check.value) - (check.inclusive ? 0 : 1);
  }
  if (low <= 1 && high >= 1) return 1;
  return Number.isFinite(low) ? low : high;
}

/** The dotted paths of every leaf (a value that is not an object or array) of a sample, with the value. */
export function leavesOf(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, String(index)]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [{ path, value }];
}

/** The paths of every object in a sample, the sample itself ([]) included. */
export function objectPathsOf(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => objectPathsOf(item, [...path, String(index)]));
  if (value !== null && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([key, item]) => objectPathsOf(item, [...path, key]))];
  }
  return [];
}

/** The paths of every array in a sample. */
export function arrayPathsOf(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) {
    return [path, ...value.flatMap((item, index) => arrayPathsOf(item, [...path, String(index)]))];
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => arrayPathsOf(item, [...path, key]));
  }
  return [];
}

/** A deep copy of `value` with the node at `path` replaced (or removed, for `undefined`). */
export function withValueAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const next = withValueAt(copy[head], rest, replacement);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** The node at `path`. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}
