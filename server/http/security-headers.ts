import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { analyticsSources } from '../../contracts/analytics-hosts';
import type { AnalyticsSettings } from '../../contracts/analytics-providers';
import { type BranchSettings, branchSources } from '../../contracts/branch-hosts';

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

type Directives = Record<string, string[] | null>;

/** `base` with `extra` sources added per directive (a directive absent from `base` starts at 'self'). */
function withSources(base: Directives, extra: Partial<Record<string, string[]>>): Directives {
  const directives = { ...base };
  for (const [name, sources] of Object.entries(extra)) {
    if (!sources || sources.length === 0) continue;
    const current = directives[name] ?? ["'self'"];
    directives[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return directives;
}

/** What the modular remote-config SDK calls (firebase/remote-config and its installations). */
const firebaseRemoteConfig = {
  connectSrc: [
    'https://firebaseinstallations.googleapis.com',
    'https://firebaseremoteconfig.googleapis.com',
    'https://firebaseremoteconfigrealtime.googleapis.com',
  ],
};

/**
 * The app's options. With Meta's Embedded Signup (WHATSAPP_APP_ID set) the policy also lets the app
 * load Facebook's SDK and its frames; with analytics providers configured, each one's hosts
 * (contracts/analytics-hosts.ts); with Branch, its API and link domain (contracts/branch-hosts.ts).
 * Nothing of a provider that is not configured is allowed.
 */
export function helmetOptionsFor({
  facebookSdkAllowed,
  analytics,
  remoteConfigFromFirebase = false,
  branch = null,
}: {
  facebookSdkAllowed: boolean;
  analytics?: AnalyticsSettings;
  /** The client fetches remote configuration from Firebase: its installation, fetch and realtime hosts. */
  remoteConfigFromFirebase?: boolean;
  /** The client makes referral links with Branch and reads its first-session data. */
  branch?: BranchSettings | null;
}): HelmetOptions {
  const csp = helmetOptions.contentSecurityPolicy as { directives: Directives };
  let directives = csp.directives;
  if (facebookSdkAllowed)
    directives = withSources(directives, { ...facebookSdk, frameSrc: facebookSdk.frameSrc });
  if (analytics) directives = withSources(directives, { ...analyticsSources(analytics) });
  if (remoteConfigFromFirebase) directives = withSources(directives, firebaseRemoteConfig);
  if (branch) directives = withSources(directives, branchSources(branch));
  if (directives === csp.directives) return helmetOptions;
  return { ...helmetOptions, contentSecurityPolicy: { useDefaults: true, directives } };
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
