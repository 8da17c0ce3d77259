import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** Everything these cookies share: only the hosted login's paths see them, scripts never do. */
const COOKIE_PATH = '/auth';

export interface CookieOptions {
  sameSite: 'Lax' | 'Strict';
  /** Seconds; omitted: gone when the browser closes. 0 deletes the cookie. */
  maxAge?: number;
}

/** The request's cookies by name (the first of duplicates, as browsers send the most specific first). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Sets an httpOnly cookie under /auth, Secure whenever the request came in over https or the hosted
 * login's public address is https: behind a proxy that ends TLS, with TRUST_PROXY off, the request
 * looks like plain http although the browser is on https.
 */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'authUrl'>,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${COOKIE_PATH}`, 'HttpOnly'];
  parts.push(`SameSite=${options.sameSite}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (request.protocol === 'https' || config.authUrl.startsWith('https:')) parts.push('Secure');
  // Fastify appends repeated set-cookie headers instead of replacing them.
  reply.header('set-cookie', parts.join('; '));
}

export function clearCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'authUrl'>,
  name: string,
  sameSite: CookieOptions['sameSite'],
) {
  setCookie(request, reply, config, name, '', { sameSite, maxAge: 0 });
}
