import { LONGEST_TIMER_MS, MIN_REFRESH_DELAY_MS, REFRESH_AHEAD_MS } from './session.defaults';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * When a JWT access token expires (ms since the epoch), read from its payload's `exp` without
 * verifying it: the server verifies; the client only wants to know when to refresh. Undefined for
 * anything that is not a JWT with a numeric `exp`.
 */
export function accessTokenExpiresAt(token: string | null): number | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds until the session should be refreshed: shortly before the access token expires, at
 * least MIN_REFRESH_DELAY_MS from now. A token without a readable expiry is re-checked after the
 * longest timer a browser keeps.
 */
export function refreshDelay(token: string | null, now: number): number {
  const expiresAt = accessTokenExpiresAt(token);
  if (expiresAt === undefined) return LONGEST_TIMER_MS;
  const due = expiresAt - REFRESH_AHEAD_MS - now;
  return Math.min(LONGEST_TIMER_MS, Math.max(MIN_REFRESH_DELAY_MS, due));
}
