import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet with a Content-Security-Policy fit for the built Vite client: its scripts are files of our own
 * origin; the toast library injects a <style> tag, hence 'unsafe-inline' for styles; the realtime
 * socket needs ws:/wss:. upgrade-insecure-requests is off because the app is also served over plain
 * HTTP on a local network, where it would send the browser to an https:// that does not exist.
 */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, worked out once. Our policy is the same for every request, and building
 * helmet's middleware per request (as @fastify/helmet does) cost two thirds of a bare route's
 * throughput in bench/api.
 */
export function computeSecurityHeaders(options: HelmetOptions = helmetOptions): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = value as string;
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Every answer (API, client, errors) carries the security headers and its request id. */
export function registerResponseHeaders(app: FastifyInstance, options: HelmetOptions = helmetOptions): void {
  const security = computeSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
