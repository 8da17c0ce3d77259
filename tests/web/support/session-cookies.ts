import type { SessionCheck } from '../../../contracts/session';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped access token expiring `seconds` from now (the client reads `exp`, never verifies). */
export function accessTokenExpiringIn(seconds: number, name = 'test'): string {
  const payload = { sub: 'u-ana', jti: name, exp: Math.floor(Date.now() / 1000) + seconds };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.sig`;
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

const ana = {
  id: 'u-ana',
  email: 'ana@docesdaana.com.br',
  name: 'Ana Souza',
  mobilePhone: '5511987654321',
  currentCompanyId: 'c-doces',
};

/** Session check answers (contract sessionCheckSchema). */
export function sessionCheck(overrides: Partial<SessionCheck> = {}): SessionCheck {
  return {
    user: ana,
    company: { id: 'c-doces' },
    needsOnboarding: false,
    hasCompany: true,
    hasNoCurrentSubscriptionActive: false,
    featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: false },
    ...overrides,
  };
}
