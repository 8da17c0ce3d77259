import { isSameAppPath } from '../../../machines/login/safe-redirect';
import { AUTH_URL } from '../build-config';

/** The hosted login (spec §1: "an external hosted login"), on AUTH_URL or this app's origin. */
function hostedLoginBase(): string {
  return AUTH_URL || window.location.origin;
}

/** Sign in on the hosted login; it sends the user back to this app's /login with tokens. */
export function hostedLoginUrl(): string {
  const params = new URLSearchParams({ returnTo: window.location.origin });
  return `${hostedLoginBase()}/auth/login?${params}`;
}

/**
 * End the hosted login's own session too, then sign in again there (spec §2 /logout). `redirect`
 * (a path of this app) travels along so the user comes back to where they were headed.
 */
export function hostedLogoutUrl(redirect?: string): string {
  const params = new URLSearchParams({ returnTo: window.location.origin });
  if (isSameAppPath(redirect)) params.set('redirect', redirect);
  return `${hostedLoginBase()}/auth/logout?${params}`;
}
