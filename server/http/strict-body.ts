import type { $ZodType } from 'zod/v4/core';
import { wrappedBy } from './zod-definitions';

/**
 * The API refuses unknown fields in a body (README: "Bodies"), at every depth, so a misspelt or
 * stale field is a 400 naming it instead of being silently dropped. That holds when every object a
 * body schema can contain is strict (z.strictObject: unknown keys are an issue); this finds the
 * ones that are not, as dotted paths ('' for the body itself, `[]` for an array's items).
 */
export function looseObjectsIn(schema: $ZodType): string[] {
  const loose: string[] = [];
  const seen = new Set<$ZodType>();
  const visit = (node: $ZodType, path: string[]) => {
    if (seen.has(node)) return;
    seen.add(node);
    // Zod's definitions, by kind; each kind names its inner schemas differently.
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    const inner = (key: string) => def[key] as $ZodType;
    const wrapped = wrappedBy(node);
    if (wrapped) return visit(wrapped, path);
    switch (def.type) {
      case 'object': {
        const catchall = def.catchall as $ZodType | undefined;
        if (catchall?._zod.def.type !== 'never') loose.push(path.join('.'));
        for (const [key, value] of Object.entries(def.shape as Record<string, $ZodType>)) {
          visit(value, [...path, key]);
        }
        break;
      }
      case 'array':
        visit(inner('element'), [...path, '[]']);
        break;
      case 'union':
        for (const option of def.options as $ZodType[]) visit(option, path);
        break;
      case 'intersection':
        visit(inner('left'), path);
        visit(inner('right'), path);
        break;
      case 'tuple':
        for (const item of def.items as $ZodType[]) visit(item, [...path, '[]']);
        if (def.rest) visit(inner('rest'), [...path, '[]']);
        break;
      case 'record':
        // A record's keys are data (any key is allowed on purpose); its values are still checked.
        visit(inner('valueType'), [...path, '*']);
        break;
      case 'lazy':
        visit((def.getter as () => $ZodType)(), path);
        break;
    }
  };
  visit(schema, []);
  return loose;
}
