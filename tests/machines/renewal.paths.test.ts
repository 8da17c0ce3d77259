import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RenewalSnapshot, renewalPathModel } from '../../machines/checkout/renewal.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(renewalPathModel);

describe('renewal chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(renewalPathModel, paths);
    expect(coverage.states.total).toBe(4);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(renewalPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      let saved = 0;
      const actor = await replayPath(renewalPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ index, step, snapshot, actor: replayed }) => {
          if (index === 0) replayed.on('saved', () => saved++);
          const expected = step.state as RenewalSnapshot;
          expectStepState(snapshot, step);
          // What is saved is always the opposite of what the subscription does now.
          const child = (snapshot as RenewalSnapshot).children.saveRenewal;
          if (child)
            expect(child.getSnapshot().input).toEqual({
              cancelAtPeriodEnd: !expected.context.cancelAtPeriodEnd,
            });
        },
      });
      const done = path.steps.filter((step) => step.event.type === 'xstate.done.actor.saveRenewal');
      expect(saved).toBe(done.length);
      actor.stop();
    },
  );

  it('never saves a cancellation that was not confirmed', () => {
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        if (!step.state.matches('saving') || i === 0) return;
        const before = path.steps[i - 1]!.state;
        if (!before.context.cancelAtPeriodEnd) expect(before.value).toBe('confirming');
      });
    }
  });
});
