import { describe, expect, test, vi } from 'vitest';
import {
  clearSessionCookies,
  readSessionCookies,
  writeSessionCookies,
} from '../../src/lib/session/session-cookies';
import { readCookies, setCookie } from './support/session-cookies';

const DAY_MS = 86_400_000;

/** What the page writes to document.cookie, as the browser receives it. */
function recordCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    descriptor.set!.call(this, value);
  });
  return writes;
}

function attributesOf(write: string): Record<string, string | true> {
  const [, ...parts] = write.split(';').map((part) => part.trim());
  return Object.fromEntries(
    parts.map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [part.toLowerCase(), true] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    }),
  );
}

describe('session cookies (spec §3, §9)', () => {
  test('access_token, refresh_token and userId: 30 days, SameSite strict, path /, not secure on http', () => {
    const writes = recordCookieWrites();
    const before = Date.now();
    writeSessionCookies({ accessToken: 'a.b.c', refreshToken: 'rt-1', userId: 'u-ana' });
    expect(writes.map((write) => write.split(';')[0])).toEqual([
      'access_token=a.b.c',
      'refresh_token=rt-1',
      'userId=u-ana',
    ]);
    for (const write of writes) {
      const attributes = attributesOf(write);
      expect(attributes.path).toBe('/');
      expect(attributes.samesite).toBe('strict');
      expect(attributes.secure).toBeUndefined();
      const expires = Date.parse(attributes.expires as string);
      // The cookie date has whole seconds.
      expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    }
    expect(readCookies()).toEqual({ access_token: 'a.b.c', refresh_token: 'rt-1', userId: 'u-ana' });
    expect(readSessionCookies()).toEqual({ accessToken: 'a.b.c', refreshToken: 'rt-1', userId: 'u-ana' });
  });

  test('secure when the page is https', () => {
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    const writes = recordCookieWrites();
    writeSessionCookies({ accessToken: 'a.b.c', refreshToken: 'rt-1', userId: 'u-ana' });
    expect(writes).toHaveLength(3);
    for (const write of writes) expect(attributesOf(write).secure, write).toBe(true);
  });

  test("a pair without a user id does not keep an earlier user's id", () => {
    writeSessionCookies({ accessToken: 'a.b.c', refreshToken: 'rt-1', userId: 'u-ana' });
    writeSessionCookies({ accessToken: 'd.e.f', refreshToken: 'rt-2' });
    expect(readCookies()).toEqual({ access_token: 'd.e.f', refresh_token: 'rt-2' });
  });

  test('clearing removes all three', () => {
    writeSessionCookies({ accessToken: 'a.b.c', refreshToken: 'rt-1', userId: 'u-ana' });
    setCookie('other', 'kept');
    clearSessionCookies();
    expect(readCookies()).toEqual({ other: 'kept' });
    expect(readSessionCookies()).toEqual({ accessToken: null, refreshToken: null, userId: null });
  });
});
