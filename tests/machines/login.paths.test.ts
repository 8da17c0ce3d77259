import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOGIN_PENDING_MIN_MS, loginMachine } from '../../machines/login/login.machine';
import { type LoginSnapshot, loginPathModel } from '../../machines/login/login.paths';
import { destinationFrom, isSameAppPath } from '../../machines/login/safe-redirect';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(loginPathModel);

describe('login chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(loginPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(12);
  });

  it('leads every scenario to its end: /onboarding, the redirect value, or /home', () => {
    const ends = paths
      .filter((p) => p.steps.at(-1)!.state.status === 'done')
      .map((p) => `${p.scenario.name} → ${(p.steps.at(-1)!.state as LoginSnapshot).output?.destination}`);
    expect(new Set(ends)).toEqual(
      new Set([
        'tokens → /onboarding',
        'tokens → /customers?page=2',
        'foreign-redirect → /home',
        'error → /tasks',
        'nothing → /home',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story, the same every time', () => {
    expectNumberedStories(loginPathModel, paths, /undefined|\[object Object\]/);
    expect(generatePaths(loginPathModel).map((p) => describePath(loginPathModel, p))).toEqual(
      paths.map((p) => describePath(loginPathModel, p)),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const hideTokens = vi.fn();
      const showError = vi.fn();
      const actor = await replayPath(loginPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: { actions: { hideTokens, showError } },
        onStep: ({ index, step, snapshot }) => {
          expectStepState(snapshot, step);
          if (index === 0) {
            expect(hideTokens, 'the tokens leave the address bar at once').toHaveBeenCalledTimes(1);
            const { error } = path.scenario.input;
            if (error && !path.scenario.input.accessToken)
              expect(showError).toHaveBeenCalledWith(expect.anything(), { message: error });
            else expect(showError).not.toHaveBeenCalled();
          }
        },
      });
      const end = path.steps.at(-1)!.state as LoginSnapshot;
      expect(actor.getSnapshot().status).toBe(end.status);
      if (end.status === 'done') expect(actor.getSnapshot().output).toEqual(end.output);
      actor.stop();
    },
  );
});

describe('login chart: the 500 ms minimum', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a quick answer still waits until 500 ms have passed', async () => {
    const actor = createActor(loginMachine, { input: {} }).start();
    await vi.advanceTimersByTimeAsync(LOGIN_PENDING_MIN_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ destination: '/home', signedIn: false });
    expect(LOGIN_PENDING_MIN_MS).toBe(500);
  });

  it('one token alone is not a sign-in', () => {
    const actor = createActor(loginMachine, { input: { accessToken: 'at' } }).start();
    expect(actor.getSnapshot().matches({ authenticating: { work: 'skipped' } })).toBe(true);
    actor.stop();
  });
});

describe('redirect values: only paths of this app', () => {
  it.each([
    ['/customers?page=2', true],
    ['/home', true],
    ['/', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['/\t/evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['home', false],
    ['', false],
  ])('%j is %s', (value, allowed) => {
    expect(isSameAppPath(value)).toBe(allowed);
    expect(destinationFrom(value)).toBe(allowed ? value : '/home');
  });
});
