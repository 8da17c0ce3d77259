import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Issue } from '../../contracts/envelope';
import { HttpError } from './errors';
import { inputParts } from './request-validation';

/** The issue of a text that carries a NUL character (U+0000), which PostgreSQL cannot store. */
export const NUL_CHARACTER_TEXT = 'Contém um caractere inválido (nulo, U+0000). Remova-o e tente de novo.';

/**
 * The dotted paths of every text in `value` (object keys included) that holds a NUL character.
 * Iterative: a body nested thousands of levels deep is walked without exhausting the stack.
 */
export function nulTextPaths(value: unknown, prefix: readonly string[] = []): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: readonly string[] }[] = [{ value, path: prefix }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: node, path } = next;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) found.push(path.join('.'));
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => {
        pending.push({ value: item, path: [...path, String(index)] });
      });
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const at = [...path, key];
        if (key.includes('\u0000')) found.push(at.join('.'));
        pending.push({ value: item, path: at });
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

function refusal(request: FastifyRequest): HttpError | null {
  const issues: Issue[] = [];
  let message: string | undefined;
  for (const [part, read] of Object.entries(sources) as [
    keyof typeof sources,
    (r: FastifyRequest) => unknown,
  ][]) {
    const paths = nulTextPaths(read(request), inputParts[part].prefix);
    if (paths.length > 0) message ??= inputParts[part].message;
    for (const path of paths) issues.push({ path, message: NUL_CHARACTER_TEXT });
  }
  return message === undefined ? null : new HttpError(400, 'VALIDATION_ERROR', message, issues);
}
