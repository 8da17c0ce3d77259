import { describe, expect, it } from 'vitest';
import {
  type ConfirmDeleteSnapshot,
  confirmDeletePathModel,
  planConfirmDeleteStep,
} from '../../machines/confirm-delete/confirm-delete.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(confirmDeletePathModel);

describe('confirm-delete chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(confirmDeletePathModel, paths);
    expect(coverage.states.total).toBe(6);
  });

  it('reaches the delete, the failure and its way out on both screens', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => confirmDeletePathModel.serializeState(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'in place · deleted',
        'in place · failed · says "Não foi possível excluir agora. Tente novamente."',
        'page · confirming',
        'page · failed · says "Não foi possível excluir agora. Tente novamente."',
        'page · deleted',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(confirmDeletePathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step, and the screen after it', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planConfirmDeleteStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (index === 0) expect(plan.actions[0]).toMatchObject({ do: 'open' });
        if (step.state.matches('deleting'))
          expect(plan.screen.confirm).toEqual({ label: 'Excluindo...', disabled: true });
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine; it leaves only once deleted',
    async (_name, path) => {
      const navigations: Array<{ to: string; replace?: boolean }> = [];
      const actor = await replayPath(confirmDeletePathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.error).toBe(step.state.context.error);
          if (step.event.type === 'xstate.init')
            actor.on('navigate', (e: { to: string; replace?: boolean }) => navigations.push(e));
        },
      });
      const end = actor.getSnapshot() as ConfirmDeleteSnapshot;
      const { doneTo, replace } = end.context;
      expect(navigations).toEqual(
        end.matches('deleted')
          ? [replace ? { type: 'navigate', to: doneTo, replace } : { type: 'navigate', to: doneTo }]
          : [],
      );
      actor.stop();
    },
  );
});
