import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AnalyticsSettings } from '../../contracts/analytics-providers';
import { api } from '../../src/api/client';
import { startAnalytics } from '../../src/lib/analytics/analytics-client';
import { trackEvent } from '../../src/lib/analytics/track-event';
import { fakeApi, sessionAnswer, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './support/session-cookies';

/** Tag manager and chat widget on, each from a host of its own (stood in for below). */
const settings: AnalyticsSettings = {
  gtmId: 'GTM-TEST',
  gtmUrl: 'https://gtm.fechai.test',
  posthogKey: '',
  posthogHost: 'https://posthog.fechai.test',
  sentryDsn: '',
  clarityId: '',
  clarityUrl: 'https://clarity.fechai.test',
  intercomAppId: 'chat-app',
  intercomUrl: 'https://chat.fechai.test',
};

type Held = { src: string; serve: () => void; fail: () => void };

/**
 * The providers' hosts, standing in for what their scripts do once they run: the tag manager's
 * container puts the advertising pixel (fbq) on the page; the chat widget replaces its stub.
 * Each script is held until the test serves or fails it.
 */
function providerHosts() {
  const held: Held[] = [];
  const pixel: Array<[string, string, Record<string, unknown>]> = [];
  const chat: unknown[][] = [];
  const scripts = (src: string) =>
    new Promise<void>((resolve, reject) => {
      held.push({
        src,
        serve: () => {
          if (src.startsWith(settings.gtmUrl))
            window.fbq = (command, name, properties) => pixel.push([command, name, properties]);
          if (src.startsWith(settings.intercomUrl)) window.Intercom = (...args: unknown[]) => chat.push(args);
          resolve();
        },
        fail: () => reject(new Error(`${src} unreachable`)),
      });
    });
  return { held, pixel, chat, scripts };
}

const dataLayer = () => (window.dataLayer ?? []).filter((entry) => entry.event !== 'gtm.js');

function user(id: string) {
  return {
    id,
    email: `${id}@docesdaana.com.br`,
    name: 'Ana Souza',
    mobilePhone: '5511987654321',
    currentCompanyId: 'c-1',
  };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  window.dataLayer = undefined;
  window.fbq = undefined;
  window.Intercom = undefined;
});

describe("analytics wiring: the app's buses, one client, the providers", () => {
  withPagesPreloaded();

  test('nothing reaches a provider before it is ready; then the first page view, one identify, in order', async () => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const server = fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-once') })) });
    renderApp('/home');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    // Painted: the client starts; the hosts have not answered yet.
    const hosts = providerHosts();
    stop = startAnalytics(settings, { scripts: hosts.scripts }).stop;
    await settle();
    expect(hosts.held.map((h) => h.src)).toEqual([
      'https://gtm.fechai.test/gtm.js?id=GTM-TEST',
      'https://chat.fechai.test/widget/chat-app',
    ]);
    // A refused call refreshes the session: the same user is confirmed again.
    await act(() => api.get('/api/refuse-me'));
    await settle();
    expect(server.session.requests).toHaveLength(2);
    expect(dataLayer()).toEqual([]);

    act(() => hosts.held[0]!.serve());
    await waitFor(() => expect(dataLayer()).toHaveLength(2));
    expect(dataLayer()).toEqual([
      { event: 'page_view', page_location: 'http://localhost:3000/home', page_referrer: '' },
      { event: 'identify', user_id: 'u-once' },
    ]);
    // The chat widget, ready later, still learns who is signed in, launcher hidden.
    act(() => hosts.held[1]!.serve());
    await waitFor(() => expect(hosts.chat).toContainEqual(expect.arrayContaining(['update'])));
    expect(hosts.chat).toEqual([
      ['boot', { app_id: 'chat-app', hide_default_launcher: true }],
      [
        'update',
        {
          app_id: 'chat-app',
          hide_default_launcher: true,
          user_id: 'u-once',
          email: 'u-once@docesdaana.com.br',
          name: 'Ana Souza',
          phone: '5511987654321',
        },
      ],
    ]);
  });

  test('a page view per navigation with the referrer; only the four spec events reach the pixel', async () => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-nav') })) });
    const hosts = providerHosts();
    stop = startAnalytics({ ...settings, intercomAppId: '' }, { scripts: hosts.scripts }).stop;
    const { location } = renderApp('/home');
    await settle();
    act(() => hosts.held[0]!.serve());
    await waitFor(() => expect(dataLayer()).toHaveLength(2));
    act(() => location.navigate('/tasks?filter=overdue'));
    await settle();
    for (const name of [
      'task created',
      'sign_up_started',
      'customer created',
      'deal created',
      'create-task bottom sheet opened',
      'sign_up_name_prefilled',
    ])
      trackEvent(name, { from: 'test' });
    expect(dataLayer().slice(2, 3)).toEqual([
      {
        event: 'page_view',
        page_location: 'http://localhost:3000/tasks?filter=overdue',
        page_referrer: '/home',
      },
    ]);
    expect(
      dataLayer()
        .slice(3)
        .map((entry) => entry.event),
    ).toEqual([
      'task created',
      'sign_up_started',
      'customer created',
      'deal created',
      'create-task bottom sheet opened',
      'sign_up_name_prefilled',
    ]);
    expect(hosts.pixel.map(([, name]) => name)).toEqual([
      'task created',
      'customer created',
      'deal created',
      'create-task bottom sheet opened',
    ]);
  });

  test('signing out resets the providers; the same user signing in again is identified again', async () => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const server = fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-back') })) });
    const hosts = providerHosts();
    stop = startAnalytics({ ...settings, intercomAppId: '' }, { scripts: hosts.scripts }).stop;
    const { location } = renderApp('/home');
    await settle();
    act(() => hosts.held[0]!.serve());
    await waitFor(() => expect(dataLayer()).toContainEqual({ event: 'identify', user_id: 'u-back' }));
    stubPageLocation();
    act(() => location.navigate('/logout'));
    await settle();
    server.session.always(sessionAnswer(sessionCheck({ user: user('u-back') })));
    act(() => location.navigate(`/login?accessToken=${accessTokenExpiringIn(900, 'b')}&refreshToken=rt-b`));
    await settle();
    const identities = dataLayer().filter((e) => e.event === 'identify' || e.event === 'reset');
    expect(identities).toEqual([
      { event: 'identify', user_id: 'u-back' },
      { event: 'reset', user_id: null },
      { event: 'identify', user_id: 'u-back' },
    ]);
  });

  test('every host failing: nothing sent, nothing shown, the app goes on; failures only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    fakeApi({ session: sessionAnswer(sessionCheck({ user: user('u-offline') })) });
    const hosts = providerHosts();
    const client = startAnalytics(settings, { scripts: hosts.scripts });
    stop = client.stop;
    const { location } = renderApp('/home');
    await settle();
    act(() => {
      for (const h of hosts.held) h.fail();
    });
    await waitFor(() => expect(client.actor.getSnapshot().matches({ client: 'unavailable' })).toBe(true));
    trackEvent('task created');
    act(() => location.navigate('/customers'));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeDefined();
    expect(screen.queryByText('Algo deu errado')).toBeNull();
    expect(dataLayer()).toEqual([]);
    expect(hosts.pixel).toEqual([]);
    expect(warn.mock.calls.map(([what]) => what).sort()).toEqual([
      '[analytics] chat did not start',
      '[analytics] tagManager did not start',
    ]);
  });
});
