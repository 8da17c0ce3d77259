import { isSameAppPath } from '../../../machines/login/safe-redirect';
import { AUTH_URL } from '../../lib/build-config';

/**
 * Sign in on the hosted login (spec §1: "an external hosted login"); it sends the user back to this
 * app's /login with tokens. Without AUTH_URL it is this server's, reached by a relative path so people
 * stay on the address they opened the app on (127.0.0.1 and localhost keep separate sign-ins).
 */
export function hostedLoginUrl(redirect?: string, email?: string | null): string {
  return hostedUrl('/auth/login', redirect, email);
}

/**
 * The hosted login's sign-up; `redirect` (a path of this app) is where the person comes back to,
 * `email` fills in the address (an invitation's).
 */
export function hostedSignUpUrl(redirect?: string, email?: string | null): string {
  return hostedUrl('/auth/signup', redirect, email);
}

function hostedUrl(page: string, redirect: string | undefined, email?: string | null): string {
  const params = new URLSearchParams({ returnTo: window.location.origin });
  if (isSameAppPath(redirect)) params.set('redirect', redirect);
  if (email) params.set('email', email);
  return `${AUTH_URL}${page}?${params}`;
}

/**
 * End the hosted login's own session too, then sign in again there (spec §2 /logout). `redirect`
 * (a path of this app) travels along so the user comes back to where they were headed.
 */
export function hostedLogoutUrl(redirect?: string): string {
  return hostedUrl('/auth/logout', redirect);
}
