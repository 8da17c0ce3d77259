import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accessTokenExpiresAt, refreshDelay } from '../../machines/session/access-token-expiry';
import {
  LONGEST_TIMER_MS,
  MIN_REFRESH_DELAY_MS,
  REFRESH_AHEAD_MS,
} from '../../machines/session/session.defaults';
import { sessionMachine } from '../../machines/session/session.machine';
import { PATHS_NOW, pathsToken, sessionAnswers } from '../../machines/session/session.paths';
import type {
  CheckSessionInput,
  CheckSessionOutput,
  SessionInput,
} from '../../machines/session/session.types';

/** A session whose checks are answered by `answer`, recording what each check was asked. */
function startSession(options: { input: SessionInput }, answer: () => Promise<CheckSessionOutput>) {
  const checks: CheckSessionInput[] = [];
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise<CheckSessionOutput, CheckSessionInput>(({ input }) => {
        checks.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(machine, options).start();
  return { actor, checks };
}

describe('access token expiry (read, never verified)', () => {
  it('reads exp from a JWT payload, base64url and UTF-8 included', () => {
    const token = pathsToken('ação', 900);
    expect(accessTokenExpiresAt(token)).toBe((Math.floor(PATHS_NOW / 1000) + 900) * 1000);
  });

  it.each([
    ['no token', null],
    ['not a JWT', 'opaque-token'],
    ['a payload that is not JSON', 'a.b$$.c'],
    ['no exp', `x.${btoa(JSON.stringify({ sub: 'u' }))}.y`],
    ['a text exp', `x.${btoa(JSON.stringify({ exp: '123' }))}.y`],
  ])('%s has no expiry', (_case, token) => {
    expect(accessTokenExpiresAt(token)).toBeUndefined();
  });

  it('refreshes a minute before expiry, never sooner than 10 s, at most the longest timer', () => {
    expect(refreshDelay(pathsToken('t', 900), PATHS_NOW)).toBe(900_000 - REFRESH_AHEAD_MS);
    expect(refreshDelay(pathsToken('t', 30), PATHS_NOW)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelay(pathsToken('t', -600), PATHS_NOW)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelay(pathsToken('t', 60 * 86_400), PATHS_NOW)).toBe(LONGEST_TIMER_MS);
    expect(refreshDelay('opaque', PATHS_NOW)).toBe(LONGEST_TIMER_MS);
    expect(REFRESH_AHEAD_MS).toBe(60_000);
    expect(MIN_REFRESH_DELAY_MS).toBe(10_000);
  });
});

describe('session chart: what the check is asked', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the check at start may use a cached answer; after a sign-in or on refresh it must ask the server', async () => {
    const token = pathsToken('start', 900);
    const { actor, checks } = startSession(
      { input: { accessToken: token, refreshToken: 'rt-1', now: () => PATHS_NOW } },
      async () => sessionAnswers.active,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'active' });
    actor.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SIGNED_IN', accessToken: 'at-2', refreshToken: 'rt-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([
      { accessToken: token, refreshToken: 'rt-1', force: false },
      { accessToken: token, refreshToken: 'rt-1', force: true },
      { accessToken: 'at-2', refreshToken: 'rt-2', force: true },
    ]);
    actor.stop();
  });

  it('refreshes by itself a minute before the access token expires, on the clock of the latest pair', async () => {
    let now = PATHS_NOW;
    const { actor, checks } = startSession(
      { input: { accessToken: pathsToken('start', 900), refreshToken: 'rt-1', now: () => now } },
      async () => sessionAnswers.activeRotated,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toHaveLength(1);
    // The answer rotated the pair: the rotated token's expiry (30 min) sets the timer now.
    await vi.advanceTimersByTimeAsync(30 * 60_000 - REFRESH_AHEAD_MS - 1);
    expect(checks).toHaveLength(1);
    now += 30 * 60_000 - REFRESH_AHEAD_MS;
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveLength(2);
    expect(checks[1]).toMatchObject({ force: true });
    actor.stop();
  });

  it('/logout leaves for the hosted logout once, with where to come back to; opened again it only clears the cookies', async () => {
    const endHostedSession = vi.fn();
    const clearBrowserData = vi.fn();
    const clearStoredTokens = vi.fn();
    const actor = createActor(
      sessionMachine.provide({ actions: { endHostedSession, clearBrowserData, clearStoredTokens } }),
      { input: {} },
    ).start();
    actor.send({ type: 'LOGOUT', redirect: '/tasks' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(endHostedSession).toHaveBeenCalledWith(expect.anything(), { redirect: '/tasks' });
    actor.send({ type: 'LOGOUT', redirect: '/tasks' });
    expect(endHostedSession).toHaveBeenCalledTimes(1);
    expect(clearBrowserData).toHaveBeenCalledTimes(1);
    expect(clearStoredTokens).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a 401 while logged out or while the first check runs changes nothing', async () => {
    let settle: (value: CheckSessionOutput) => void = () => {};
    const { actor, checks } = startSession(
      { input: { refreshToken: 'rt-1' } },
      () =>
        new Promise((resolve) => {
          settle = resolve;
        }),
    );
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toEqual({ verifying: 'checking' });
    expect(checks).toHaveLength(1);
    settle(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(checks).toHaveLength(1);
    actor.stop();
  });

  it('a sign-in starts from scratch: nothing of the previous user stays while the new tokens are checked', async () => {
    const { actor } = startSession(
      { input: { accessToken: 'at-1', refreshToken: 'rt-1' } },
      async () => sessionAnswers.noSubscription,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.isAuthenticated).toBe(true);
    actor.send({ type: 'SIGNED_IN', accessToken: 'at-2', refreshToken: 'rt-2', userId: 'u-2' });
    expect(actor.getSnapshot().context).toMatchObject({
      isAuthenticated: false,
      user: null,
      company: null,
      token: 'at-2',
      refreshToken: 'rt-2',
      hasNoCurrentSubscriptionActive: false,
    });
    actor.stop();
  });
});
