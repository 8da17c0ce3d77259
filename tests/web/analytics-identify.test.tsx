import { act, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { api } from '../../src/api/client';
import { type AnalyticsIdentity, onIdentify } from '../../src/lib/analytics/identify-user';
import { fakeApi, sessionAnswer, settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './support/session-cookies';

// The identity is remembered per page load (module state), so each test signs in a user of its own.
function user(id: string, overrides: Partial<ReturnType<typeof sessionCheck>['user']> = {}) {
  return {
    id,
    email: `${id}@docesdaana.com.br`,
    name: 'Ana Souza',
    mobilePhone: '5511987654321',
    currentCompanyId: 'c-1',
    ...overrides,
  };
}

describe('analytics identity (spec §4: once per user id)', () => {
  withPagesPreloaded();

  test('the signed-in user is identified once, however often the session is confirmed', async () => {
    const seen: AnalyticsIdentity[] = [];
    const off = onIdentify((identity) => {
      seen.push(identity);
    });
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const server = fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-once') })) });
    renderApp('/home');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    expect(seen).toEqual([
      {
        id: 'u-once',
        email: 'u-once@docesdaana.com.br',
        name: 'Ana Souza',
        properties: { phone: '5511987654321' },
      },
    ]);

    // A refused call refreshes the session: same user, no second identification.
    await act(() => api.get('/api/refuse-me'));
    await settle();
    expect(server.session.requests).toHaveLength(2);
    expect(seen).toHaveLength(1);
    off();
  });

  test('another user signing in is identified too; no phone, no phone property', async () => {
    const seen: AnalyticsIdentity[] = [];
    const off = onIdentify((identity) => {
      seen.push(identity);
    });
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const server = fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-first') })) });
    const { location } = renderApp('/home');
    await settle();
    server.session.always(
      sessionAnswer(sessionCheck({ user: user('u-second', { name: null, mobilePhone: null }) })),
    );
    act(() => location.navigate(`/login?accessToken=${accessTokenExpiringIn(900, 'b')}&refreshToken=rt-b`));
    await settle();
    expect(seen.map((identity) => identity.id)).toEqual(['u-first', 'u-second']);
    expect(seen[1]).toEqual({
      id: 'u-second',
      email: 'u-second@docesdaana.com.br',
      name: undefined,
      properties: {},
    });
    off();
  });

  test('a failing listener is only logged: the app goes on, other listeners still hear', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offBroken = onIdentify(() => {
      throw new Error('provider not ready');
    });
    const offRejecting = onIdentify(async () => {
      throw new Error('provider rejected');
    });
    const heard = vi.fn();
    const offFine = onIdentify(heard);
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-robust') })) });
    renderApp('/home');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.map(([, error]) => (error as Error).message).sort()).toEqual([
      'provider not ready',
      'provider rejected',
    ]);
    for (const off of [offBroken, offRejecting, offFine]) off();
  });
});
