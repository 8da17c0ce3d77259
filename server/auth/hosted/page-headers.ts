import type { Config } from '../../config';

/**
 * The pages' own policy, stricter than the app's: only our scripts and styles, no inline ones.
 * form-action lists the allowed return origins because Chrome also applies it to the redirect that
 * follows a POST, and a sign-in ends with a redirect to the app.
 */
export function pageHeaders(config: Pick<Config, 'allowedReturnOrigins'>): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${config.allowedReturnOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    // Forms carry one-time tokens and redirects carry the app's tokens: never keep them in a cache.
    'cache-control': 'no-store',
  };
}
