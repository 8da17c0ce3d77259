import { describe, expect, it } from 'vitest';
import {
  followUpTemplatePathModel,
  SAVE_REFUSED_TEXT,
} from '../../machines/follow-up-template/follow-up-template.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(followUpTemplatePathModel);

describe('follow-up-template chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(followUpTemplatePathModel, paths);
    expect(coverage.states.total).toBe(5);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(followUpTemplatePathModel, paths, /undefined|null|\[object Object\]/);
  });

  it('walks a refused save, a retried load, another choice and no template', () => {
    const events = paths.flatMap((path) => path.steps.map((step) => step.event.type));
    for (const type of ['xstate.error.actor.saveChoice', 'xstate.error.actor.loadChoice', 'CHOOSE', 'CLEAR'])
      expect(events).toContain(type);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: only a change is saved, and a refusal keeps the choice',
    async (_name, path) => {
      const actor = await replayPath(followUpTemplatePathModel, path, {
        advance: async () => {},
        onStep: ({ step, index, snapshot }) => {
          expectStepState(snapshot, step);
          const { context } = snapshot;
          if (snapshot.matches('choosing')) {
            // The one already chosen saves nothing; "no template" only when one is chosen.
            if (context.chosen)
              expect(snapshot.can({ type: 'CHOOSE', template: { ...context.chosen } })).toBe(false);
            expect(snapshot.can({ type: 'CLEAR' })).toBe(context.chosen !== null);
          }
          // Nothing else is saved while a save is under way.
          if (snapshot.matches('saving')) {
            expect(snapshot.can({ type: 'CLEAR' })).toBe(false);
            expect(snapshot.can({ type: 'CHOOSE', template: { name: 'outro', language: 'pt_BR' } })).toBe(
              false,
            );
          }
          const event = step.event.type;
          const before = path.steps[index - 1]?.state.context;
          if (event === 'xstate.error.actor.saveChoice') {
            expect(context.chosen).toEqual(before?.chosen);
            expect(context.error).toBe(SAVE_REFUSED_TEXT);
          }
          if (event === 'xstate.done.actor.saveChoice') {
            expect(context.chosen).toEqual(before?.saving);
            expect(context.error).toBeNull();
          }
          if (event === 'RETRY') expect(context.error).toBeNull();
        },
      });
      actor.stop();
    },
  );
});
