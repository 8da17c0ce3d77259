import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cookiePair,
  PATHS_NOW,
  rotatedPair,
  type SessionSnapshot,
  type sessionAnswers,
  sessionPathModel,
  signedInPair,
} from '../../machines/session/session.paths';
import { expectFullCoverage } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(sessionPathModel);

describe('session chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(sessionPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(9);
    expect(coverage.transitions.total).toBeGreaterThanOrEqual(10);
  });

  it('reaches every state with every pair of tokens it can hold', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => sessionPathModel.coverageKey(s.state))));
    expect([...reached].sort()).toEqual(
      [
        'unauthenticated · no tokens',
        'loggedOut · no tokens',
        'verifying.checking · the cookies’ tokens',
        'verifying.checking · the new sign-in’s tokens',
        'verifying.refreshing · the cookies’ tokens',
        'verifying.refreshing · the new sign-in’s tokens',
        'verifying.refreshing · the rotated tokens',
        'authenticated.active · the cookies’ tokens',
        'authenticated.active · the new sign-in’s tokens',
        'authenticated.active · the rotated tokens',
        'authenticated.needsOnboarding · the cookies’ tokens',
        'authenticated.needsOnboarding · the new sign-in’s tokens',
        'authenticated.needsOnboarding · the rotated tokens',
        'authenticated.paywall · the cookies’ tokens',
        'authenticated.paywall · the new sign-in’s tokens',
        'authenticated.paywall · the rotated tokens',
      ].sort(),
    );
  });

  it('numbers paths 1..n, each one a readable story, the same every time', () => {
    expect(paths.map((p) => p.number)).toEqual(paths.map((_, i) => i + 1));
    for (const path of paths) {
      const text = describePath(sessionPathModel, path);
      expect(text.split('\n')).toHaveLength(path.steps.length + 1);
      expect(text).not.toMatch(/undefined|\[object Object\]|other tokens/);
    }
    expect(generatePaths(sessionPathModel).map((p) => describePath(sessionPathModel, p))).toEqual(
      paths.map((p) => describePath(sessionPathModel, p)),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine, with the side effects the step calls for',
    async (_name, path) => {
      const storeTokens = vi.fn();
      const clearStoredTokens = vi.fn();
      const clearBrowserData = vi.fn();
      const identifyUser = vi.fn();
      const endHostedSession = vi.fn();
      const actor = await replayPath(sessionPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: {
          actions: { storeTokens, clearStoredTokens, clearBrowserData, identifyUser, endHostedSession },
        },
        onStep: ({ index, step, snapshot }) => {
          const expected = step.state as SessionSnapshot;
          const actual = snapshot as SessionSnapshot;
          expect(actual.value).toEqual(expected.value);
          const { now: _a, ...actualContext } = actual.context;
          const { now: _e, ...expectedContext } = expected.context;
          expect(actualContext).toEqual(expectedContext);

          const type = step.event.type;
          const output = (step.event as { output?: typeof sessionAnswers.active | null }).output;
          if (type === 'SIGNED_IN') {
            expect(storeTokens).toHaveBeenLastCalledWith(expect.anything(), signedInPair);
          } else if (type === 'xstate.done.actor.checkSession' && output?.tokens) {
            expect(storeTokens).toHaveBeenLastCalledWith(expect.anything(), {
              ...rotatedPair,
              userId: output.user.id,
            });
          } else if (index > 0) {
            expect(storeTokens, 'no other step writes tokens').not.toHaveBeenCalled();
          }
          const loggedOut =
            type === 'LOGOUT' ||
            type === 'xstate.error.actor.checkSession' ||
            (type.startsWith('xstate.done.actor.') && !output);
          expect(clearStoredTokens).toHaveBeenCalledTimes(loggedOut ? 1 : 0);
          // Logging out forgets the browser's data and leaves for the hosted logout, once.
          const leaves =
            type === 'LOGOUT' && !(path.steps[index - 1]!.state as SessionSnapshot).matches('loggedOut');
          expect(clearBrowserData).toHaveBeenCalledTimes(leaves ? 1 : 0);
          expect(endHostedSession).toHaveBeenCalledTimes(leaves ? 1 : 0);
          if (
            actual.matches('authenticated') &&
            !(path.steps[index - 1]?.state as SessionSnapshot | undefined)?.matches('authenticated')
          )
            expect(identifyUser).toHaveBeenLastCalledWith(expect.anything(), { user: actual.context.user });
          else expect(identifyUser).not.toHaveBeenCalled();
          for (const spy of [
            storeTokens,
            clearStoredTokens,
            clearBrowserData,
            identifyUser,
            endHostedSession,
          ])
            spy.mockClear();
        },
      });
      expect(actor.getSnapshot().status).toBe('active');
      actor.stop();
    },
  );
});

describe('session chart: details a path does not show', () => {
  it('tokens in the cookies are checked at once; none means logged out', async () => {
    const { createActor } = await import('xstate');
    const { sessionMachine } = await import('../../machines/session/session.machine');
    const withTokens = createActor(sessionMachine, {
      input: { ...cookiePair, now: () => PATHS_NOW },
    }).start();
    expect(withTokens.getSnapshot().value).toEqual({ verifying: 'checking' });
    const onlyRefresh = createActor(sessionMachine, { input: { refreshToken: 'rt-only' } }).start();
    expect(onlyRefresh.getSnapshot().value).toEqual({ verifying: 'checking' });
    const none = createActor(sessionMachine, { input: {} }).start();
    expect(none.getSnapshot().value).toBe('unauthenticated');
    expect(none.getSnapshot().context).toMatchObject({
      isAuthenticated: false,
      user: null,
      company: null,
      token: null,
      refreshToken: null,
      needsOnboarding: false,
      hasCompany: false,
      hasNoCurrentSubscriptionActive: false,
      featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: false },
    });
    for (const actor of [withTokens, onlyRefresh, none]) actor.stop();
  });
});
