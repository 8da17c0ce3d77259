import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet with a Content-Security-Policy fit for the built Vite client: its scripts are files of our own
 * origin; the toast library injects a <style> tag, hence 'unsafe-inline' for styles; the realtime
 * socket needs ws:/wss:. upgrade-insecure-requests is off because the app is also served over plain
 * HTTP on a local network, where it would send the browser to an https:// that does not exist.
 */
export const securityHeaders: FastifyHelmetOptions = {
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
