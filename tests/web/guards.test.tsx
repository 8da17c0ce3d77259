import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { SessionCheck } from '../../contracts/session';
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

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function onDevice(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

function signedInCookies() {
  setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1', userId: 'u-ana' });
}

/** Opens `url` with a session the server answers with `answer`, and lets it settle. */
async function openWithSession(url: string, answer: SessionCheck) {
  signedInCookies();
  const server = fakeApi({ session: sessionAnswer(answer) });
  const app = renderApp(url);
  await settle();
  return { ...app, server, url: () => app.location.history!.at(-1) };
}

const needsOnboarding = sessionCheck({ needsOnboarding: true, hasNoCurrentSubscriptionActive: true });
const noSubscription = sessionCheck({ hasNoCurrentSubscriptionActive: true });
const active = sessionCheck();

describe('the signed-in area: guard order of spec §2', () => {
  withPagesPreloaded();

  test('while the session is checked: a loading state, neither the page nor a redirect', async () => {
    signedInCookies();
    const server = fakeApi();
    const { location } = renderApp('/customers?page=2');
    await settle();
    expect(server.session.pending).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    expect(location.history).toEqual(['/customers?page=2']);

    server.session.answer(sessionAnswer(active));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeDefined();
    expect(location.history).toEqual(['/customers?page=2']);
  });

  test('1. unauthenticated: /logout with the current path and search as redirect', async () => {
    const { assign } = stubPageLocation();
    const server = fakeApi();
    const { location } = renderApp('/customers?page=2&search=ana');
    await settle();
    expect(location.history).toEqual(['/logout?redirect=%2Fcustomers%3Fpage%3D2%26search%3Dana']);
    expect(server.session.requests, 'no tokens, nothing to check').toHaveLength(0);
    expect(assign).toHaveBeenCalledWith(
      'https://entrar.fechai.test/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000&redirect=%2Fcustomers%3Fpage%3D2%26search%3Dana',
    );
  });

  test('1. tokens the server refuses: cookies cleared, then /logout', async () => {
    stubPageLocation();
    signedInCookies();
    const server = fakeApi({ session: sessionRefused });
    const { location } = renderApp('/tasks?filter=overdue');
    await settle();
    expect(server.session.requests).toHaveLength(1);
    expect(location.history).toEqual(['/logout?redirect=%2Ftasks%3Ffilter%3Doverdue']);
    expect(readCookies()).toEqual({});
  });

  test('2. needs onboarding: /onboarding, before the subscription and device rules', async () => {
    onDevice(IPHONE);
    const { url } = await openWithSession('/sales', needsOnboarding);
    expect(url()).toBe('/onboarding');
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
  });

  test('3. no active subscription: /paywall, before the device rule', async () => {
    onDevice(ANDROID);
    const { url } = await openWithSession('/settings/services', noSubscription);
    expect(url()).toBe('/paywall');
  });

  test.each([
    ['an iPhone', IPHONE],
    ['an Android phone', ANDROID],
  ])('4. %s: /download-app', async (_device, userAgent) => {
    onDevice(userAgent);
    const { url } = await openWithSession('/home', active);
    expect(url()).toBe('/download-app');
    expect(screen.getByRole('heading', { level: 1, name: 'Baixar aplicativo' })).toBeDefined();
  });

  test('a desktop browser with an active subscription sees the page', async () => {
    onDevice(DESKTOP);
    const { url } = await openWithSession('/settings/services', active);
    expect(url()).toBe('/settings/services');
    expect(screen.getByRole('heading', { level: 1, name: 'Serviços' })).toBeDefined();
  });

  test('a phone user who chose "Continuar no navegador" is not pushed to the download page again', async () => {
    onDevice(IPHONE);
    const { url, location } = await openWithSession('/tasks', active);
    expect(url()).toBe('/download-app');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar no navegador' }));
    await settle();
    expect(url()).toBe('/home');
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    expect(localStorage.getItem('fechai-web-on-mobile')).toBe('1');

    act(() => location.navigate('/tasks'));
    await settle();
    expect(url()).toBe('/tasks');
    expect(screen.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeDefined();
  });
});

describe('onboarding routes: a session is enough (spec §2)', () => {
  withPagesPreloaded();

  test('unauthenticated: /logout, without a redirect', async () => {
    stubPageLocation();
    fakeApi();
    const { location } = renderApp('/onboarding/company');
    await settle();
    expect(location.history).toEqual(['/logout']);
  });

  test('while the session is checked: a loading state', async () => {
    signedInCookies();
    fakeApi();
    const { location } = renderApp('/onboarding/phone');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(location.history).toEqual(['/onboarding/phone']);
  });

  test('signed in, needing onboarding, on a phone: the page stays', async () => {
    onDevice(IPHONE);
    const { url } = await openWithSession('/onboarding/user-name', needsOnboarding);
    expect(url()).toBe('/onboarding/user-name');
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  // Past the gate, the onboarding page itself sends an onboarded user to /home (spec §2), whose
  // guards take over (tests/web/onboarding*.test.tsx has the rest).
  test.each([
    ['without a subscription', noSubscription, '/paywall'],
    ['fully active, on a phone', active, '/download-app'],
  ])('signed in, %s: onboarding sends to /home, then its guards to %s', async (_case, answer, then) => {
    onDevice(IPHONE);
    const { url } = await openWithSession('/onboarding/user-name', answer);
    expect(url()).toBe(then);
  });
});

describe('public routes', () => {
  withPagesPreloaded();

  // /paywall is public too, but its page sends a visitor without a session to sign in
  // (tests/web/paywall.view.test.tsx).
  test.each(['/download-app'])('%s opens without a session and without a check', async (url) => {
    onDevice(IPHONE);
    const server = fakeApi();
    const { location } = renderApp(url);
    await settle();
    expect(location.history).toEqual([url]);
    expect(server.session.requests).toHaveLength(0);
  });
});
