import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { api } from '../../src/api/client';
import { fakeApi, sessionAnswer, sessionRefused, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import {
  accessTokenExpiringIn,
  readCookies,
  sessionCheck,
  setSessionCookies,
} from './support/session-cookies';

const first = { accessToken: accessTokenExpiringIn(900, 'first'), refreshToken: 'rt-first', userId: 'u-ana' };

async function signedInAtHome() {
  setSessionCookies(first);
  const server = fakeApi({ session: sessionAnswer(sessionCheck()) });
  const app = renderApp('/home');
  await settle();
  expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
  return { ...app, server };
}

describe('the API client carries the session (spec §7)', () => {
  test('every call sends authorization and refresh_token from the cookies; none without a session', async () => {
    const server = fakeApi();
    await api.get('/api/customers');
    setSessionCookies(first);
    await api.post('/api/customers', { body: { name: 'Maria' } });
    const [anonymous, signedIn] = server.network.calls.map(({ request }) => request.headers);
    expect(anonymous!.get('authorization')).toBeNull();
    expect(anonymous!.get('refresh_token')).toBeNull();
    expect(signedIn!.get('authorization')).toBe(`Bearer ${first.accessToken}`);
    expect(signedIn!.get('refresh_token')).toBe('rt-first');
  });
});

describe('a 401 refreshes the session (spec §7, §8)', () => {
  withPagesPreloaded();

  test('the page stays while the server is asked again; a rotated pair replaces the cookies', async () => {
    const { server } = await signedInAtHome();
    server.session.always(undefined);
    await act(() => api.get('/api/refuse-me'));
    await settle();
    // Asked again although the cached answer is fresh: a refresh is never served from the cache.
    expect(server.session.requests).toHaveLength(2);
    expect(server.session.pending).toBe(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();

    const rotated = { accessToken: accessTokenExpiringIn(900, 'rotated'), refreshToken: 'rt-rotated' };
    server.session.answer(sessionAnswer(sessionCheck({ tokens: rotated })));
    await settle();
    expect(readCookies()).toEqual({
      access_token: rotated.accessToken,
      refresh_token: 'rt-rotated',
      userId: 'u-ana',
    });
    await api.get('/api/customers');
    expect(server.network.calls.at(-1)!.request.headers.get('authorization')).toBe(
      `Bearer ${rotated.accessToken}`,
    );
  });

  test('a refresh the server refuses logs out: cookies cleared, the page sends to /logout', async () => {
    stubPageLocation();
    const { server, location } = await signedInAtHome();
    server.session.always(sessionRefused);
    await act(() => api.get('/api/refuse-me'));
    await settle();
    expect(readCookies()).toEqual({});
    expect(location.history!.at(-1)).toBe('/logout?redirect=%2Fhome');
  });

  test('a pair another tab stored in the cookies is the one the refresh sends', async () => {
    const { server } = await signedInAtHome();
    const otherTab = { accessToken: accessTokenExpiringIn(900, 'other-tab'), refreshToken: 'rt-other-tab' };
    setSessionCookies(otherTab);
    await act(() => api.get('/api/refuse-me'));
    await settle();
    const refresh = server.session.requests.at(-1)!;
    expect(refresh.headers.get('authorization')).toBe(`Bearer ${otherTab.accessToken}`);
    expect(refresh.headers.get('refresh_token')).toBe('rt-other-tab');
    expect(readCookies().access_token).toBe(otherTab.accessToken);
  });

  test('a 401 without a session asks nothing', async () => {
    const server = fakeApi();
    stubPageLocation();
    renderApp('/download-app');
    await settle();
    await act(() => api.get('/api/refuse-me'));
    await settle();
    expect(server.session.requests).toHaveLength(0);
  });
});
