import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { appRoutes } from '../../src/app/routing/routes';
import { lazyPage } from '../../src/lib/routing/lazy-page';
import type { AppRoute } from '../../src/lib/routing/route-definition';
import { FAKE_CLOCK, fakeApi, sessionRefused, settle } from './support/fake-api';
import { activeAnswer, onboardingAnswer, pending } from './support/login-screen';
import { advanceClock as advance, openApp as open } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { accessTokenExpiringIn, readCookies, setSessionCookies } from './support/session-cookies';

function loginUrl(params: Record<string, string>) {
  return `/login?${new URLSearchParams(params)}`;
}

function BrokenPage(): never {
  throw new Error('login broke');
}

const tokens = {
  accessToken: accessTokenExpiringIn(900, 'hosted'),
  refreshToken: 'rt-hosted',
  userId: 'u-ana',
};

describe('/login (spec §2)', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });

  test('shows "Autenticando..." at once, takes the tokens out of the address bar, stores and checks them', async () => {
    const { server, url, location } = open(loginUrl({ ...tokens, redirect: '/customers?page=2' }));
    expect(pending()).toBe(true);
    await settle();
    // Replaced, not pushed: the tokens are in no history entry.
    expect(location.history).toEqual(['/login?redirect=%2Fcustomers%3Fpage%3D2']);
    expect(url()).not.toMatch(/accessToken|refreshToken|userId/);
    expect(readCookies()).toEqual({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      userId: tokens.userId,
    });
    expect(server.session.pending).toBe(1);
    const check = server.session.requests[0]!;
    expect(check.headers.get('authorization')).toBe(`Bearer ${tokens.accessToken}`);
    expect(check.headers.get('refresh_token')).toBe(tokens.refreshToken);
  });

  test('a quick answer still leaves "Autenticando..." on screen for 500 ms, then goes to the redirect value', async () => {
    const { server, url } = open(loginUrl({ ...tokens, redirect: '/customers?page=2' }));
    await settle();
    await advance(100);
    server.session.answer(activeAnswer);
    await settle();
    await advance(398);
    expect(pending()).toBe(true);
    expect(url()).toBe('/login?redirect=%2Fcustomers%3Fpage%3D2');
    await advance(2);
    expect(url()).toBe('/customers?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeDefined();
  });

  test('a slow answer: the user leaves as soon as it comes', async () => {
    const { server, url } = open(loginUrl(tokens));
    await settle();
    await advance(1500);
    expect(pending()).toBe(true);
    server.session.answer(activeAnswer);
    await settle();
    expect(url()).toBe('/home');
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
  });

  test('onboarding needed: /onboarding, whatever the redirect says', async () => {
    const { server, url } = open(loginUrl({ ...tokens, redirect: '/sales' }));
    await settle();
    server.session.answer(onboardingAnswer);
    await advance(500);
    expect(url()).toBe('/onboarding');
  });

  test.each([
    ['no redirect', undefined],
    ['a redirect to another site', 'https://golpe.example/entrar'],
    ['a protocol-relative redirect', '//golpe.example/entrar'],
  ])('%s: /home', async (_case, redirect) => {
    const { server, url } = open(loginUrl(redirect ? { ...tokens, redirect } : tokens));
    await settle();
    server.session.answer(activeAnswer);
    await advance(500);
    expect(url()).toBe('/home');
  });

  test('tokens the session refuses: cookies cleared, on to the redirect value (the guards take over)', async () => {
    const { server, url, location } = open(loginUrl({ ...tokens, redirect: '/tasks' }));
    await settle();
    server.session.answer(sessionRefused);
    await advance(500);
    expect(readCookies()).toEqual({});
    expect(location.history).toEqual(['/logout?redirect=%2Ftasks']);
    expect(url()).toBe('/logout?redirect=%2Ftasks');
  });

  test('an error from the hosted login, no tokens: an error toast, then on to the redirect value', async () => {
    const { server, url } = open(
      loginUrl({ error: 'Conta bloqueada. Fale com o suporte.', redirect: '/tasks' }),
    );
    await settle();
    const toastEl = document.querySelector('[data-testid="toast-login-error"]');
    expect(toastEl?.getAttribute('data-type')).toBe('error');
    expect(toastEl?.querySelector('[data-title]')?.textContent).toBe('Conta bloqueada. Fale com o suporte.');
    expect(server.session.requests).toHaveLength(0);
    expect(pending()).toBe(true);
    await advance(500);
    expect(url()).toBe('/logout?redirect=%2Ftasks');
  });

  test('no tokens but a session in the cookies: on to /home, signed in', async () => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const { server, url } = open('/login');
    await settle();
    server.session.answer(activeAnswer);
    await advance(500);
    expect(url()).toBe('/home');
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
  });

  test('has its own error view', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi();
    const broken = lazyPage(async () => ({ default: BrokenPage }));
    await broken.preload();
    // The app's own /login route (access, layout, search), with a page that fails to render.
    const routes = appRoutes.map((route) =>
      route.path === '/login' ? ({ ...route, page: broken } as AppRoute) : route,
    );
    renderApp('/login', routes);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeDefined();
    // The route's own view, on the page of its own (not the whole-app one).
    expect(document.querySelector('main.bare-page section.status-view')).not.toBeNull();
  });
});
