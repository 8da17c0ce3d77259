import { pathsToken, sessionCheckAnswer } from '../../../machines/session/session.paths';

/** A JWT-shaped access token expiring `seconds` from now (the client reads `exp`, never verifies). */
export function accessTokenExpiringIn(seconds: number, name = 'test'): string {
  return pathsToken(name, seconds, Date.now());
}

/** A cookie as the browser stores it, written without the app's code (which is under test). */
export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests arrange cookies independently of js-cookie.
  document.cookie = `${name}=${value}; path=/`;
}

/** Puts a session in the cookies, as an earlier visit would have left it. */
export function setSessionCookies(tokens: {
  accessToken: string;
  refreshToken: string;
  userId?: string;
}): void {
  setCookie('access_token', tokens.accessToken);
  setCookie('refresh_token', tokens.refreshToken);
  if (tokens.userId) setCookie('userId', tokens.userId);
}

export function readCookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const at = entry.indexOf('=');
        return [entry.slice(0, at), decodeURIComponent(entry.slice(at + 1))];
      }),
  );
}

/** Session check answers (contract sessionCheckSchema). */
export const sessionCheck = sessionCheckAnswer;
