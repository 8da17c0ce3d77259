import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { newOpaqueToken } from '../tokens/opaque-token';
import { readCookie, setCookie } from './cookies';

/** Double submit: the form's hidden field must equal this cookie, which another site can neither read nor set. */
export const CSRF_COOKIE = 'fechai_auth_csrf';
/** The hidden field every POST form carries. */
export const CSRF_FIELD = 'csrf';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token to put in a form. The browser's current one is kept, so several tabs with forms stay
 * valid together; a missing or malformed one is replaced. SameSite=Strict: never sent along with
 * a request another site starts.
 */
export function csrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'authUrl'>,
): string {
  const current = readCookie(request, CSRF_COOKIE);
  if (current && TOKEN_SHAPE.test(current)) return current;
  const token = newOpaqueToken();
  setCookie(request, reply, config, CSRF_COOKIE, token, { sameSite: 'Strict' });
  return token;
}

/** Whether the submitted field matches the cookie (compared in constant time). */
export function csrfMatches(request: FastifyRequest, submitted: string | undefined): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  if (!cookie || !submitted || !TOKEN_SHAPE.test(cookie)) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
