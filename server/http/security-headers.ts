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
  // Embedded Signup's popup (Meta's, or the local simulator's page) hands its result to
  // window.opener: same-origin would cut the popup off from the app.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/** Where Facebook's JavaScript SDK loads from and what it opens (Embedded Signup with Meta). */
const facebookSdk = {
  scriptSrc: ['https://connect.facebook.net'],
  frameSrc: ['https://www.facebook.com', 'https://web.facebook.com', 'https://connect.facebook.net'],
  connectSrc: ['https://www.facebook.com', 'https://graph.facebook.com', 'https://connect.facebook.net'],
  imgSrc: ['https://www.facebook.com'],
};

/**
 * The app's options; with Meta's Embedded Signup (WHATSAPP_APP_ID set) the policy also lets the app
 * load Facebook's SDK and its frames. Without it nothing of Facebook's is allowed.
 */
export function helmetOptionsFor({ facebookSdkAllowed }: { facebookSdkAllowed: boolean }): HelmetOptions {
  if (!facebookSdkAllowed) return helmetOptions;
  const csp = helmetOptions.contentSecurityPolicy as { directives: Record<string, string[] | null> };
  const directives = csp.directives;
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        ...directives,
        scriptSrc: [...(directives.scriptSrc ?? []), ...facebookSdk.scriptSrc],
        frameSrc: ["'self'", ...facebookSdk.frameSrc],
        connectSrc: [...(directives.connectSrc ?? []), ...facebookSdk.connectSrc],
        imgSrc: [...(directives.imgSrc ?? []), ...facebookSdk.imgSrc],
      },
    },
  };
}

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
