import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, sessionAnswer, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import {
  accessTokenExpiringIn,
  readCookies,
  sessionCheck,
  setSessionCookies,
} from './support/session-cookies';

const HOSTED_LOGOUT = 'https://entrar.fechai.test/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000';

describe('/logout (spec §2)', () => {
  withPagesPreloaded();

  test('clears the cookies, session storage and every cached query, then goes to the hosted logout', async () => {
    const { assign } = stubPageLocation();
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1', userId: 'u-ana' });
    const server = fakeApi({ session: sessionAnswer(sessionCheck()) });
    const { location, queryClient } = renderApp('/home');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    sessionStorage.setItem('fechai-draft', 'rascunho');
    queryClient.setQueryData(['customers', { page: 1 }], { customers: [{ id: 'c-1' }] });

    act(() => location.navigate('/logout?redirect=%2Ftasks%3Ffilter%3Doverdue'));
    expect(screen.getByRole('status').textContent).toBe('Saindo...');
    await settle();

    expect(readCookies()).toEqual({});
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`${HOSTED_LOGOUT}&redirect=%2Ftasks%3Ffilter%3Doverdue`);

    // The session is over: the signed-in area sends to /logout without asking the server.
    const checks = server.session.requests.length;
    act(() => location.navigate('/home'));
    await settle();
    expect(location.history!.at(-1)).toBe('/logout?redirect=%2Fhome');
    expect(server.session.requests).toHaveLength(checks);
  });

  test.each([
    ['no redirect', '/logout', HOSTED_LOGOUT],
    ['a redirect to another site is dropped', '/logout?redirect=https%3A%2F%2Fgolpe.example', HOSTED_LOGOUT],
    ['a protocol-relative one too', '/logout?redirect=%2F%2Fgolpe.example', HOSTED_LOGOUT],
  ])('%s', async (_case, url, target) => {
    const { assign } = stubPageLocation();
    fakeApi();
    renderApp(url);
    await settle();
    expect(assign).toHaveBeenCalledWith(target);
  });

  test('the app frame shows who is signed in and a "Sair" link that logs out', async () => {
    const { assign } = stubPageLocation();
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1', userId: 'u-ana' });
    fakeApi({ session: sessionAnswer(sessionCheck()) });
    const { location } = renderApp('/customers');
    await settle();
    const user = sessionCheck().user;
    expect(screen.getByText(user.name!)).toBeDefined();
    expect(screen.getByText(user.email)).toBeDefined();

    act(() => screen.getByRole('link', { name: 'Sair' }).click());
    await settle();
    expect(location.history).toContain('/logout');
    expect(readCookies()).toEqual({});
    expect(assign).toHaveBeenCalledWith(HOSTED_LOGOUT);
  });
});
