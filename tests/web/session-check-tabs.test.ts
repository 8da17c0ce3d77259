import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createCheckSession } from '../../src/app/session/check-session';
import { createQueryClient } from '../../src/lib/cache/query-client';
import { interceptFetch, json } from './support/network';
import {
  accessTokenExpiringIn,
  readCookies,
  sessionCheck,
  setSessionCookies,
} from './support/session-cookies';

/**
 * The Web Locks API as the browser gives it (jsdom has none): one holder per name, the others wait
 * their turn; request() settles with the callback's result.
 */
function installWebLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request(name: string, callback: () => Promise<unknown>) {
      const before = queues.get(name) ?? Promise.resolve();
      const run = before.then(callback, callback);
      queues.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
  vi.stubGlobal('navigator', { ...navigator, locks });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The server's rule for refresh tokens: each works once; an expired access token with an unused
 * refresh token rotates both; a used one is refused (the real server also ends the sign-in then).
 */
function sessionServer(first: { refreshToken: string }) {
  const used = new Set<string>();
  let issued = 0;
  const valid = new Set<string>();
  return interceptFetch(async (request) => {
    const authorization = request.headers.get('authorization')?.replace('Bearer ', '');
    const refresh = request.headers.get('refresh_token');
    if (authorization && valid.has(authorization)) return json({ success: true, data: sessionCheck() });
    if (
      !refresh ||
      used.has(refresh) ||
      (refresh !== first.refreshToken && !refresh.startsWith('rt-rotated'))
    ) {
      return json({ success: false, error: 'Sua sessão expirou.', code: 'UNAUTHENTICATED' }, 401);
    }
    used.add(refresh);
    issued += 1;
    const tokens = {
      accessToken: accessTokenExpiringIn(900, `rotated-${issued}`),
      refreshToken: `rt-rotated-${issued}`,
    };
    valid.add(tokens.accessToken);
    return json({ success: true, data: sessionCheck({ tokens }) });
  });
}

describe('two tabs refreshing at the same moment (one browser, shared cookies)', () => {
  test('the second waits for the first and sends the pair it stored, so the sign-in survives', async () => {
    installWebLocks();
    const expired = { accessToken: accessTokenExpiringIn(-30, 'expired'), refreshToken: 'rt-first' };
    setSessionCookies({ ...expired, userId: 'u-ana' });
    const network = sessionServer(expired);

    // Each tab has its own cache and its own session chart; both refresh with the pair they hold.
    const tab = () =>
      createActor(createCheckSession(createQueryClient()), { input: { ...expired, force: true } });
    const [one, two] = [tab(), tab()];
    one.start();
    two.start();
    const [first, second] = await Promise.all([toPromise(one), toPromise(two)]);

    expect(first?.tokens?.refreshToken).toBe('rt-rotated-1');
    // The second tab reported the pair the first one got, without spending a refresh token.
    expect(second?.tokens?.refreshToken).toBe('rt-rotated-1');
    expect(network.calls.map(({ request }) => request.headers.get('refresh_token'))).toEqual([
      'rt-first',
      'rt-rotated-1',
    ]);
    expect(network.calls[1]!.request.headers.get('authorization')).toBe(
      `Bearer ${first!.tokens!.accessToken}`,
    );
    expect(readCookies()).toMatchObject({ refresh_token: 'rt-rotated-1', userId: 'u-ana' });
  });
});
