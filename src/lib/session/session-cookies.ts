import Cookies from 'js-cookie';

/** Spec §3: the cookies the session lives in between page loads. */
export const SESSION_COOKIES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'userId',
} as const;

/** Spec §9: 30 days, SameSite strict, path /. */
export const SESSION_COOKIE_DAYS = 30;

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  userId: string | null;
}

export interface SessionCookieValues {
  accessToken: string;
  refreshToken: string;
  userId?: string;
}

function attributes(): Cookies.CookieAttributes {
  return {
    expires: SESSION_COOKIE_DAYS,
    path: '/',
    sameSite: 'strict',
    // Over https the tokens never travel in clear; plain http (local development) would drop them.
    secure: window.location.protocol === 'https:',
  };
}

export function readSessionCookies(): StoredSession {
  return {
    accessToken: Cookies.get(SESSION_COOKIES.accessToken) || null,
    refreshToken: Cookies.get(SESSION_COOKIES.refreshToken) || null,
    userId: Cookies.get(SESSION_COOKIES.userId) || null,
  };
}

export function writeSessionCookies({ accessToken, refreshToken, userId }: SessionCookieValues): void {
  const options = attributes();
  Cookies.set(SESSION_COOKIES.accessToken, accessToken, options);
  Cookies.set(SESSION_COOKIES.refreshToken, refreshToken, options);
  // A pair without a user id must not sit next to an earlier user's id.
  if (userId) Cookies.set(SESSION_COOKIES.userId, userId, options);
  else Cookies.remove(SESSION_COOKIES.userId, { path: '/' });
}

export function clearSessionCookies(): void {
  for (const name of Object.values(SESSION_COOKIES)) Cookies.remove(name, { path: '/' });
}
