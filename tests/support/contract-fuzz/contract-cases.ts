import type { $ZodType } from 'zod/v4/core';
import type { RouteContract } from '../../../server/http/route';
import type { FuzzCase } from './fuzz-case';
import {
  forgedCursors,
  hugeNumbers,
  malformedJsonBodies,
  nulTexts,
  oddDates,
  queryValues,
  rawJsonNumbers,
  strangeTexts,
  wrongContentTypes,
  wrongTypes,
} from './malformed-values';
import {
  arrayPathsOf,
  leavesOf,
  objectPathsOf,
  type SampleHints,
  sampleOf,
  valueAt,
  withValueAt,
} from './samples';
import type { SeededRandom } from './seeded-random';

export interface ContractCaseContext {
  /** A real row's id for a path parameter, so the handler runs with the rest of the case. */
  paramValue(route: string, name: string): string;
  /** Valid values by field name, where a schema cannot say what is valid (ids of real rows, a CNPJ). */
  hints: SampleHints;
  random: SeededRandom;
}

/** How many values of a family each field gets (picked by the seeded generator; NULs always). */
const PER_FAMILY = 4;

const JSON_TYPE = { 'content-type': 'application/json' };
const RAW = '__raw_json__';
const looksLikeDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/** The valid request a contract's cases start from: real ids in the path, sample query and body. */
export function validRequestOf(contract: RouteContract, context: ContractCaseContext) {
  const route = `${contract.method} ${contract.url}`;
  const params = Object.fromEntries(
    [...contract.url.matchAll(/:(\w+)/g)].map(([, name]) => [name!, context.paramValue(route, name!)]),
  );
  const query = contract.query
    ? Object.entries(sampleOf(contract.query, context.hints) as Record<string, unknown>)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, encodeURIComponent(String(value))] as [string, string])
    : [];
  const body = contract.body ? sampleOf(contract.body, context.hints) : undefined;
  return { route, params, query, body };
}

/**
 * Many malformed requests to one contract's route, each a valid request with one thing changed:
 * every path parameter, query parameter and body field (at any depth) in turn, then the body as a
 * whole, its content type and its JSON.
 */
export function contractCases(contract: RouteContract, context: ContractCaseContext): FuzzCase[] {
  const valid = validRequestOf(contract, context);
  const { route } = valid;
  const { random } = context;
  const takesBody = contract.method !== 'GET';
  const cases: FuzzCase[] = [];

  const add = (
    name: string,
    change: {
      params?: Record<string, string>;
      query?: [string, string][];
      body?: string | Buffer | null;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const params = { ...valid.params, ...change.params };
    const path = contract.url.replace(/:(\w+)/g, (_all, param: string) => params[param]!);
    const query = (change.query ?? valid.query).map(([key, value]) => `${key}=${value}`).join('&');
    const body = change.body === null ? undefined : (change.body ?? jsonOf(valid.body));
    cases.push({
      route,
      name,
      method: contract.method,
      path: query ? `${path}?${query}` : path,
      headers: { ...(body !== undefined && JSON_TYPE), ...change.headers },
      ...(body !== undefined && { body }),
      answers: 'envelope',
    });
  };

  add('a valid request');

  for (const param of Object.keys(valid.params)) {
    const real = valid.params[param]!;
    for (const [what, value] of [
      ['NUL', encodeURIComponent(`${real}\u0000`)],
      ['NUL alone', '%00'],
      ['past the router’s length', 'x'.repeat(101)],
      ['very long', 'x'.repeat(2000)],
      ['not an id', 'abc'],
      ['an id of nothing', '5d41402a-bc4b-4a2a-9b8e-0123456789ab'],
      ['upper case', real.toUpperCase()],
      ['bad percent-encoding', '%E0%A4%A'],
      ['a path climb', '..%2F..%2Fetc'],
      ['a space', '%20'],
      ['accents', encodeURIComponent('ação')],
      ['SQL', encodeURIComponent("' OR 1=1 --")],
    ] as const) {
      add(`params.${param}: ${what}`, { params: { [param]: value } });
    }
  }

  for (const key of contract.query ? shapeKeys(contract.query) : []) {
    const others = valid.query.filter(([name]) => name !== key);
    const values = key === 'cursor' ? [...queryValues, ...forgedCursors] : queryValues;
    for (const value of values)
      add(`query.${key}=${value.slice(0, 40)}`, { query: [...others, [key, value]] });
    add(`query.${key} twice`, { query: [...others, [key, '1'], [key, '2']] });
    add(`query.${key}[]`, { query: [...others, [`${key}[]`, '1']] });
  }
  if (contract.query || contract.method === 'GET') {
    add('an unknown query parameter with NUL', { query: [...valid.query, ['zz', '%00']] });
    add('a malformed query string', {
      query: [
        ['%', '%'],
        ['', '=&&=='],
        ['a', '%E0%A4%A'],
      ],
    });
  }

  if (!takesBody) return cases;

  for (const { name, body } of malformedJsonBodies) add(`body: ${name}`, { body });
  add('body: none', { body: null });
  for (const type of wrongContentTypes) {
    add(`content type ${type}`, { headers: { 'content-type': type } });
  }
  add('a JSON body without a content type', {
    body: Buffer.from(JSON.stringify(valid.body ?? {})),
    headers: { 'content-type': '' },
  });

  if (valid.body === undefined) {
    add('a body with a field, where the route takes none', { body: '{"status":"completed"}' });
    return cases;
  }

  for (const { path, value } of leavesOf(valid.body)) {
    const at = path.join('.') || '(body)';
    const family = familyOf(value);
    add(`body.${at}: NUL`, { body: JSON.stringify(withValueAt(valid.body, path, random.pick(nulTexts))) });
    const picks: unknown[] = random.sample(family, PER_FAMILY);
    if (looksLikeDate(value)) picks.push(...oddDates);
    for (const bad of picks) {
      add(`body.${at}: ${shortly(bad)}`, { body: JSON.stringify(withValueAt(valid.body, path, bad)) });
    }
    if (typeof value === 'number') {
      for (const raw of rawJsonNumbers) {
        add(`body.${at}: ${raw}`, {
          body: JSON.stringify(withValueAt(valid.body, path, RAW)).replace(`"${RAW}"`, raw),
        });
      }
    }
    add(`body.${at}: missing`, { body: JSON.stringify(withValueAt(valid.body, path, undefined)) });
  }
  for (const path of objectPathsOf(valid.body)) {
    const at = path.join('.') || '(body)';
    const object = valueAt(valid.body, path) as Record<string, unknown>;
    add(`body.${at}: an unknown field`, {
      body: JSON.stringify(withValueAt(valid.body, path, { ...object, zzUnknown: 'x' })),
    });
    add(`body.${at}: a __proto__ field`, {
      body: JSON.stringify(withValueAt(valid.body, path, RAW)).replace(`"${RAW}"`, '{"__proto__":{"x":1}}'),
    });
  }
  for (const path of arrayPathsOf(valid.body)) {
    const at = path.join('.');
    const items = valueAt(valid.body, path) as unknown[];
    for (const [what, replacement] of [
      ['empty', []],
      ['600 items', Array.from({ length: 600 }, () => items[0])],
      ['null items', [null, null]],
      ['nested arrays', [[[[items[0]]]]]],
    ] as const) {
      add(`body.${at}: ${what}`, { body: JSON.stringify(withValueAt(valid.body, path, replacement)) });
    }
  }
  return cases;
}

function shapeKeys(schema: $ZodType): string[] {
  const def = schema._zod.def as unknown as { shape?: Record<string, unknown> };
  return Object.keys(def.shape ?? {});
}

function familyOf(value: unknown): unknown[] {
  const others = wrongTypes.filter((bad) => typeof bad !== typeof value || bad === null);
  if (typeof value === 'string') return [...strangeTexts, ...others];
  if (typeof value === 'number') return [...hugeNumbers, ...others];
  if (typeof value === 'boolean') return ['true', 1, 0, ...others];
  return wrongTypes;
}

function jsonOf(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

function shortly(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}
