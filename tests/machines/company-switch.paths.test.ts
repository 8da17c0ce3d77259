import { describe, expect, it } from 'vitest';
import {
  type CompanySwitchSnapshot,
  companySwitchPathModel,
  planCompanySwitchStep,
} from '../../machines/company-switch/company-switch.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(companySwitchPathModel);

describe('company-switch chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(companySwitchPathModel, paths);
    expect(coverage.states.total).toBe(7);
  });

  it('reaches the switch, the list failing and the switch refused', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => companySwitchPathModel.serializeState(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'switched',
        'failed · says "Não foi possível carregar suas empresas. Tente novamente."',
        'choosing · says "Empresa não encontrada."',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(companySwitchPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step', () => {
    for (const path of paths)
      path.steps.forEach((_step, index) => {
        expect(planCompanySwitchStep(path, index).actions).toHaveLength(1);
      });
  });

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s replays on the real machine; only a switch goes to /home',
    async (_name, path) => {
      const navigations: unknown[] = [];
      const actor = await replayPath(companySwitchPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.error).toBe(step.state.context.error);
          if (step.event.type === 'xstate.init') actor.on('navigate', (e: unknown) => navigations.push(e));
        },
      });
      const end = actor.getSnapshot() as CompanySwitchSnapshot;
      expect(navigations).toEqual(end.matches('switched') ? [{ type: 'navigate', to: '/home' }] : []);
      actor.stop();
    },
  );
});
