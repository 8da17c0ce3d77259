import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type PhoneChangeValidateSnapshot,
  phoneChangeValidatePathModel,
  planPhoneChangeValidateStep,
} from '../../machines/phone-change/phone-change-validate.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(phoneChangeValidatePathModel);

describe('"Valide seu telefone" chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart, from both starts', () => {
    const coverage = expectFullCoverage(phoneChangeValidatePathModel, paths);
    expect(coverage.states.total).toBe(4);
    expect(new Set(paths.map((p) => p.scenario.name))).toEqual(new Set(['sent', 'unsent']));
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(phoneChangeValidatePathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: the SMS-code chart gets the page’s start, each end leads where the plan says',
    async (_name, path) => {
      const emitted: string[] = [];
      const actor = await replayPath(phoneChangeValidatePathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ index, step, snapshot, actor: replayed }) => {
          if (index === 0) {
            replayed.on('phoneChanged', () => emitted.push('phoneChanged'));
            replayed.on('navigate', (e: { to: string; replace?: boolean }) =>
              emitted.push(`navigate ${e.to}${e.replace ? ' (replace)' : ''}`),
            );
            const child = (snapshot as PhoneChangeValidateSnapshot).children.phoneVerification;
            // Replayed, the child is the path's stand-in: it holds the input the page's chart gave it.
            expect((child?.getSnapshot() as { input?: unknown } | undefined)?.input).toEqual(
              path.scenario.input,
            );
          }
          expectStepState(snapshot, step);
        },
      });
      const { screen } = planPhoneChangeValidateStep(path, path.steps.length - 1);
      expect(emitted).toEqual(
        screen.shows === 'settings'
          ? ['phoneChanged', `navigate ${screen.url} (replace)`]
          : screen.shows === 'form'
            ? [`navigate ${screen.url}`]
            : [],
      );
      actor.stop();
    },
  );
});
