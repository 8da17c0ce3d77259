/**
 * Stripe's request bodies: application/x-www-form-urlencoded with brackets for nesting
 * (`metadata[company_id]=…`, `line_items[0][price]=…`). Encoding is what our client sends; decoding
 * is what the simulator reads.
 */

export type FormValue = string | number | boolean | null | undefined | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Nested params → form body. null and undefined are left out; booleans are `true`/`false`. */
export function encodeStripeForm(params: FormObject): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        add(`${key}[${index}]`, item);
      });
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      form.append(key, String(value));
    }
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  return form;
}

export type DecodedForm = { [key: string]: string | DecodedForm | Array<string | DecodedForm> };

// A key that would reach an object's prototype is not a field anyone sends on purpose.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
// Stripe's deepest parameters are a few levels (line_items[0][price_data][product_data][name]);
// deeper keys are not fields either, and would only make decoding recurse without end.
const MAX_DEPTH = 10;

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `expand[]` → ['expand', '']. Null when malformed. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

/**
 * Form body → nested object; objects whose keys are all 0…n-1 become arrays, `key[]` appends. A field
 * repeated at the same path keeps its last value, as Stripe does. Malformed, prototype-reaching and
 * over-deep keys are skipped.
 */
export function decodeStripeForm(body: string): DecodedForm {
  const root: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    if (!path || path.length > MAX_DEPTH || path.some((segment) => FORBIDDEN.has(segment))) continue;
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i]!;
      if (segment === '') segment = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        if (next === undefined || typeof next === 'string') node[segment] = Object.create(null);
        node = node[segment] as Record<string, unknown>;
      }
    }
  }
  return toArrays(root) as DecodedForm;
}

function toArrays(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, toArrays(value)] as const);
  const keys = entries.map(([key]) => key);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) {
    return entries.map(([, value]) => value);
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) out[key] = value;
  return out;
}
