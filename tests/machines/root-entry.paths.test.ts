import { describe, expect, it } from 'vitest';
import {
  planRootEntryStep,
  type RootEntrySnapshot,
  rootEntryPathModel,
} from '../../machines/root-entry/root-entry.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(rootEntryPathModel);

describe('root-entry chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(rootEntryPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(3);
  });

  it('has the visits of "/": no referral, captured first, session first, and a failed capture', () => {
    const stories = paths.map((path) => path.steps.map((s) => s.event.type).join(' '));
    expect(stories).toEqual(
      expect.arrayContaining([
        // No referral: nothing to capture, only the session.
        'xstate.init SESSION',
        // Captured before the session is known.
        'xstate.init xstate.done.actor.captureReferral SESSION',
        // The session known before the capture ends, which then ends or fails.
        'xstate.init SESSION xstate.done.actor.captureReferral',
        'xstate.init SESSION xstate.error.actor.captureReferral',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(rootEntryPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one action for every step; "/" shows the loading status until it leaves', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planRootEntryStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (index === 0) expect(plan.actions[0]).toMatchObject({ do: 'open' });
        expect(plan.screen.loading === null).toBe(step.state.matches('leaving'));
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine; it navigates once, replacing "/", only when both are done',
    async (_name, path) => {
      const navigations: Array<{ to: string; replace?: boolean }> = [];
      const actor = await replayPath(rootEntryPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.destination).toBe(step.state.context.destination);
          if (step.event.type === 'xstate.init')
            actor.on('navigate', (e: { to: string; replace?: boolean }) => navigations.push(e));
        },
      });
      const end = actor.getSnapshot() as RootEntrySnapshot;
      expect(navigations).toEqual(
        end.matches('leaving') ? [{ type: 'navigate', to: end.context.destination, replace: true }] : [],
      );
      actor.stop();
    },
  );
});
