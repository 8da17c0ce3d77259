import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Issue } from '../../contracts/envelope';
import { HttpError } from './errors';
import { inputParts } from './request-validation';

/** The issue of a text that carries a NUL character (U+0000), which PostgreSQL cannot store. */
export const NUL_CHARACTER_TEXT = 'Contém um caractere inválido (nulo, U+0000). Remova-o e tente de novo.';

/**
 * The issue of a text with half of a character (a lone UTF-16 surrogate, e.g. an emoji cut in two):
 * JSON parses it, but PostgreSQL's json refuses its escape and text would store U+FFFD instead.
 */
export const BROKEN_CHARACTER_TEXT =
  'Contém um caractere inválido (um emoji ou símbolo partido). Remova-o e tente de novo.';

const hasNul = (text: string) => text.includes('\u0000');
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** Enough to fix a form; a body with more NULs than this gets the first ones. */
const MAX_REPORTED = 50;

/** Where a value sits: its key and the place of the value holding it (null for the root). */
interface Place {
  key: string;
  parent: Place | null;
}

const pathOf = (place: Place | null, prefix: readonly string[]): string => {
  const keys: string[] = [];
  for (let at = place; at !== null; at = at.parent) keys.push(at.key);
  return [...prefix, ...keys.reverse()].join('.');
};

/**
 * The dotted paths of every text in `value` (object keys included) that holds a NUL character.
 * Iterative, and each value's path is only spelt out when it holds one (at most MAX_REPORTED): a
 * body nested thousands of levels deep is walked in linear time without exhausting the stack.
 */
export function nulTextPaths(
  value: unknown,
  prefix: readonly string[] = [],
  holds: (text: string) => boolean = hasNul,
): string[] {
  const found: string[] = [];
  const pending: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  for (let next = pending.pop(); next !== undefined && found.length < MAX_REPORTED; next = pending.pop()) {
    const { value: node, place } = next;
    if (typeof node === 'string') {
      if (holds(node)) found.push(pathOf(place, prefix));
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const at = { key, parent: place };
        if (holds(key)) found.push(pathOf(at, prefix));
        pending.push({ value: item, place: at });
      }
    }
  }
  return found.sort();
}

/**
 * Every request's params, query and body, after the route's guards and input validation (so a
 * caller who may not use a route learns nothing new, and a route's contract may first drop the
 * character where that is what people expect): a NUL character anywhere is a 400 naming each field,
 * in the envelope or, in areas with their own error handler (the hosted login's pages), their page.
 */
export const refuseNulCharacters: preHandlerHookHandler = (request, _reply, done) => {
  if (request.is404) return done();
  const refused = refusal(request);
  done(refused ?? undefined);
};

/** Where each part's text comes from, in the order its issues are listed. */
const sources = {
  params: (request: FastifyRequest) => request.params,
  querystring: (request: FastifyRequest) => request.query,
  body: (request: FastifyRequest) => request.body,
} as const;

/** What PostgreSQL cannot keep as sent, and what each is called. */
const unstorable: [(text: string) => boolean, string][] = [
  [hasNul, NUL_CHARACTER_TEXT],
  [hasLoneSurrogate, BROKEN_CHARACTER_TEXT],
];

function refusal(request: FastifyRequest): HttpError | null {
  const issues: Issue[] = [];
  let message: string | undefined;
  for (const [part, read] of Object.entries(sources) as [
    keyof typeof sources,
    (r: FastifyRequest) => unknown,
  ][]) {
    for (const [holds, text] of unstorable) {
      const paths = nulTextPaths(read(request), inputParts[part].prefix, holds);
      if (paths.length > 0) message ??= inputParts[part].message;
      for (const path of paths) issues.push({ path, message: text });
    }
  }
  return message === undefined ? null : new HttpError(400, 'VALIDATION_ERROR', message, issues);
}
