import type { PublicUrls } from '../../http/public-urls';

/** Where a sign-in sends people back to, as every form and link of the hosted login carries it. */
export interface ReturnTarget {
  /** An allowed origin the caller asked for; undefined when none was asked (or it was not allowed). */
  returnTo: string | undefined;
  /** A path inside the app (one leading "/"); undefined when none was given or it was not one. */
  redirect: string | undefined;
}

const MAX_REDIRECT_LENGTH = 2048;

/** Whether people may be sent back to an origin (with a sign-in's tokens in the address). */
export type ReturnOriginCheck = (origin: string) => boolean;

/** The origin of `raw` when it may be returned to; anything else is dropped. */
export function allowedReturnOrigin(raw: unknown, isAllowed: ReturnOriginCheck): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return isAllowed(url.origin) ? url.origin : undefined;
}

/**
 * A path of the app, never another site: one leading "/" (not "//", which is protocol-relative) and no
 * backslash or control character (browsers read "/\evil.com" as "//evil.com").
 */
export function sameAppPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_REDIRECT_LENGTH) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  return raw;
}

export function returnTargetFrom(
  source: { returnTo?: unknown; redirect?: unknown },
  isAllowed: ReturnOriginCheck,
): ReturnTarget {
  return {
    returnTo: allowedReturnOrigin(source.returnTo, isAllowed),
    redirect: sameAppPath(source.redirect),
  };
}

/** The base the app is reached at: the requested origin when allowed, else the app's public URL. */
export function returnBase(target: ReturnTarget, urls: Pick<PublicUrls, 'appUrl'>): string {
  return target.returnTo ?? urls.appUrl;
}

/** `?returnTo=…&redirect=…` (only what is set), for links between the hosted login's pages. */
export function targetQuery(target: ReturnTarget): string {
  const params = new URLSearchParams();
  if (target.returnTo) params.set('returnTo', target.returnTo);
  if (target.redirect) params.set('redirect', target.redirect);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The app's /login with a new sign-in's tokens (spec §2 /login search parameters). */
export function appLoginUrl(
  target: ReturnTarget,
  urls: Pick<PublicUrls, 'appUrl'>,
  tokens: { accessToken: string; refreshToken: string; userId: string },
): string {
  // Named one by one: nothing else of the caller's object may end up in a URL.
  const params = new URLSearchParams({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    userId: tokens.userId,
  });
  if (target.redirect) params.set('redirect', target.redirect);
  return `${returnBase(target, urls)}/login?${params}`;
}

/** The app's /login told that signing in failed (it shows `error`). */
export function appLoginErrorUrl(
  target: ReturnTarget,
  urls: Pick<PublicUrls, 'appUrl'>,
  message: string,
): string {
  const params = new URLSearchParams({ error: message });
  if (target.redirect) params.set('redirect', target.redirect);
  return `${returnBase(target, urls)}/login?${params}`;
}
