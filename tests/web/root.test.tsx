import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionCheck } from '../../contracts/session';
import { App } from '../../src/app/App';
import { appRoutes } from '../../src/app/routing/routes';
import { registerReferralCapture } from '../../src/lib/referral/referral-capture';
import { FAKE_CLOCK, fakeApi, sessionAnswer, settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './support/session-cookies';

function url(app: ReturnType<typeof renderApp>) {
  return app.location.history!.at(-1);
}

describe('/ (spec §2): where the start address leads', () => {
  withPagesPreloaded();
  // The clock stands still, so /login's own redirect (after 500 ms) does not hide where "/" went.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('not authenticated: /login', async () => {
    fakeApi();
    const app = renderApp('/');
    await settle();
    expect(url(app)).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('Autenticando...');
  });

  test.each<[string, SessionCheck, string]>([
    [
      'needing onboarding',
      sessionCheck({ needsOnboarding: true, hasNoCurrentSubscriptionActive: true }),
      '/onboarding',
    ],
    ['without a subscription', sessionCheck({ hasNoCurrentSubscriptionActive: true }), '/paywall'],
    ['active', sessionCheck(), '/home'],
  ])('authenticated, %s: %s', async (_case, answer, target) => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    const server = fakeApi();
    const app = renderApp('/');
    await settle();
    // Nothing is decided while the session is being checked.
    expect(url(app)).toBe('/');
    expect(screen.getByRole('status')).toBeDefined();
    server.session.answer(sessionAnswer(answer));
    await settle();
    expect(url(app)).toBe(target);
  });
});

describe('/ with query parameters: referral data first (spec §2)', () => {
  withPagesPreloaded();

  test('every capture gets the parameters before the user moves on', async () => {
    fakeApi();
    let release: () => void = () => {};
    const seen: string[] = [];
    const slow = registerReferralCapture(
      (params) =>
        new Promise<void>((resolve) => {
          seen.push(params.toString());
          release = resolve;
        }),
    );
    const quick = registerReferralCapture((params) => {
      seen.push(params.get('_branch_referrer') ?? '');
    });
    const app = renderApp('/?_branch_referrer=abc&utm_source=whatsapp');
    await settle();
    expect(seen).toEqual(['_branch_referrer=abc&utm_source=whatsapp', 'abc']);
    expect(url(app), 'waits for the captures').toBe('/?_branch_referrer=abc&utm_source=whatsapp');
    release();
    await settle();
    expect(url(app)).toBe('/login');
    slow();
    quick();
  });

  test('a failing capture is only logged', async () => {
    fakeApi();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = registerReferralCapture(() => {
      throw new Error('link data unreadable');
    });
    const app = renderApp('/?ref=1');
    await settle();
    expect(url(app)).toBe('/login');
    expect(warn).toHaveBeenCalledWith(
      '[referral] capture failed',
      expect.objectContaining({ message: 'link data unreadable' }),
    );
    expect(screen.queryByText('Algo deu errado')).toBeNull();
    failing();
  });

  test('without parameters no capture runs', async () => {
    fakeApi();
    const capture = vi.fn();
    const off = registerReferralCapture(capture);
    const app = renderApp('/');
    await settle();
    expect(url(app)).toBe('/login');
    expect(capture).not.toHaveBeenCalled();
    off();
  });

  test('under StrictMode (effects run twice in development) each capture runs once', async () => {
    fakeApi();
    const capture = vi.fn();
    const off = registerReferralCapture(capture);
    const location = memoryLocation({ path: '/?ref=1', record: true });
    render(
      <StrictMode>
        <App routes={appRoutes} location={location} queryClient={new QueryClient()} />
      </StrictMode>,
    );
    await settle();
    expect(location.history!.at(-1)).toBe('/login');
    expect(capture).toHaveBeenCalledTimes(1);
    off();
  });
});
