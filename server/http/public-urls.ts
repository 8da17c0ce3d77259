import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The bases absolute links are built on: the app (e-mail links, returns) and the hosted login. */
export type PublicUrls = Pick<Config, 'appUrl' | 'authUrl'>;

/**
 * The bases for links made while answering `request`. With APP_URL (and AUTH_URL) set they are the
 * configured ones. Unset, they are the address the person used, so someone on 127.0.0.1 is not moved
 * to localhost (whose cookies and storage are another site's) — but only when that address is this
 * server's own: the Host header is the caller's to write, and a link built on a forged one (a
 * password reset's, say) would hand its token to whoever forged it.
 */
export function publicUrls(
  request: FastifyRequest,
  config: Pick<Config, 'appUrl' | 'authUrl' | 'appUrlFollowsRequest' | 'authUrlFollowsRequest'>,
): PublicUrls {
  const own = config.appUrlFollowsRequest || config.authUrlFollowsRequest ? ownOrigin(request) : undefined;
  return {
    appUrl: (config.appUrlFollowsRequest && own) || config.appUrl,
    authUrl: (config.authUrlFollowsRequest && own) || config.authUrl,
  };
}

/** The origin `request` was made on, when it names this server on the port the request came in on. */
export function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  const port = request.socket.localPort;
  if (!host || port === undefined) return undefined;
  const origin = originOf(`${request.protocol}://${host}`);
  return origin && isOwnOrigin(origin, port) ? origin : undefined;
}

/**
 * Whether `origin` reaches this server: http(s) on `port`, at a loopback name or address, or at an
 * address of one of this machine's network interfaces. Anything else may be someone else's machine.
 */
export function isOwnOrigin(origin: string, port: number): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const urlPort = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (urlPort !== port) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 0) return false;
  if (isLoopbackAddress(host)) return true;
  return Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some((entry) => entry.address.toLowerCase() === host),
  );
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    // A Host with a path, credentials or a query is not a host: refuse it rather than guess.
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
