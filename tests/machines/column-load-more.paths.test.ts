import { describe, expect, it } from 'vitest';
import {
  columnLoadMorePathModel,
  planColumnLoadMoreStep,
} from '../../machines/column-load-more/column-load-more.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(columnLoadMorePathModel);

describe('column-load-more chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(columnLoadMorePathModel, paths);
    expect(coverage.states.total).toBe(4);
  });

  it('loads the last page; a page that did not come is asked for again', () => {
    const stories = paths.map((path) =>
      path.steps.map((step) => columnLoadMorePathModel.serializeState(step.state)),
    );
    expect(stories).toEqual([
      ['idle · 0 more page(s)', 'loading · 0 more page(s)', 'idle · 1 more page(s)'],
      [
        'idle · 0 more page(s)',
        'loading · 0 more page(s)',
        'failed · 0 more page(s)',
        'loading · 0 more page(s)',
      ],
    ]);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(columnLoadMorePathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step; the button waits while a page loads', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planColumnLoadMoreStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (step.state.matches('loading'))
          expect(plan.screen.button).toEqual({ label: 'Carregando...', disabled: true });
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const actor = await replayPath(columnLoadMorePathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot }) => expectStepState(snapshot, step),
      });
      actor.stop();
    },
  );
});
