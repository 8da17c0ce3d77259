import { describe, expect, it } from 'vitest';
import { STAGE_NAME_REQUIRED_TEXT, STAGE_NAME_TAKEN_TEXT } from '../../contracts/sales';
import {
  planStageEditorStep,
  REORDER_FAILED_TEXT,
  stageEditorPathModel,
} from '../../machines/stage-editor/stage-editor.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(stageEditorPathModel);

describe('stage-editor chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(stageEditorPathModel, paths);
    expect(coverage.states.total).toBe(12);
  });

  it('reaches each save and each refusal: a blank name, a taken one, a failed move', () => {
    const reached = paths.flatMap((path) =>
      path.steps.map((s) => stageEditorPathModel.serializeState(s.state)),
    );
    const seen = (text: string) => reached.some((state) => state.includes(text));
    expect(seen(`rename says "${STAGE_NAME_REQUIRED_TEXT}"`)).toBe(true);
    expect(seen(`rename says "${STAGE_NAME_TAKEN_TEXT}"`)).toBe(true);
    expect(seen('renamed Primeiro contato')).toBe(true);
    expect(seen(`reorder says "${REORDER_FAILED_TEXT}"`)).toBe(true);
    expect(seen('moved')).toBe(true);
    expect(seen(`add says "${STAGE_NAME_REQUIRED_TEXT}"`)).toBe(true);
    expect(seen(`add says "${STAGE_NAME_TAKEN_TEXT}"`)).toBe(true);
    expect(seen('added Aguardando pagamento')).toBe(true);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(stageEditorPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step, and a server answer where a call waits', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planStageEditorStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (step.event.type.startsWith('xstate.'))
          expect(plan.actions[0]!.do).toBe(index ? 'answer' : 'open');
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const actor = await replayPath(stageEditorPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot }) => expectStepState(snapshot, step),
      });
      actor.stop();
    },
  );
});
