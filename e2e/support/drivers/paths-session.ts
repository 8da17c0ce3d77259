import type { Page } from 'playwright-core';
import { pathsToken } from '../../../machines/session/session.paths';

/**
 * Cookies of a session that lasts 15 minutes from the paths' instant `now`, as an earlier sign-in
 * would have left them (the client reads the expiry; the server never sees these tokens: the
 * session check is answered with page.route).
 */
export async function putPathsSession(
  page: Page,
  baseURL: string,
  now: number,
  userId?: string,
): Promise<void> {
  await page
    .context()
    .addCookies(
      [
        { name: 'access_token', value: pathsToken('paths', 15 * 60, now) },
        { name: 'refresh_token', value: 'rt-paths' },
        ...(userId ? [{ name: 'userId', value: userId }] : []),
      ].map((cookie) => ({ ...cookie, url: baseURL })),
    );
}
