import { describe, expect, it } from 'vitest';
import { AI_SUGGESTION_ALREADY_DECIDED_TEXT } from '../../contracts/ai-suggestions';
import {
  type AiSuggestionSnapshot,
  aiSuggestionPathModel,
  planAiSuggestionStep,
} from '../../machines/ai-suggestion/ai-suggestion.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(aiSuggestionPathModel);

describe('ai-suggestion chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(aiSuggestionPathModel, paths);
    expect(coverage.states.total).toBe(6);
  });

  it('reaches both decisions and the 409 of a suggestion decided elsewhere', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => aiSuggestionPathModel.serializeState(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'done · accepted',
        'done · dismissed',
        `failed · says "${AI_SUGGESTION_ALREADY_DECIDED_TEXT}"`,
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(aiSuggestionPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step; both buttons wait while a call runs', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planAiSuggestionStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (index === 0) expect(plan.actions[0]).toEqual({ do: 'open' });
        if (step.state.matches('accepting'))
          expect(plan.screen.buttons).toEqual([
            { label: 'Aceitando...', disabled: true },
            { label: 'Dispensar', disabled: true },
          ]);
      });
    }
  });

  it.each(paths.map((path) => [`${path.number}`, path] as const))(
    'path %s replays on the real machine; it tells the app only once decided',
    async (_name, path) => {
      const decided: string[] = [];
      const actor = await replayPath(aiSuggestionPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          if (step.event.type === 'xstate.init')
            actor.on('decided', (e: { outcome: string }) => decided.push(e.outcome));
        },
      });
      const end = actor.getSnapshot() as AiSuggestionSnapshot;
      expect(decided).toEqual(end.context.outcome ? [end.context.outcome] : []);
      actor.stop();
    },
  );
});
