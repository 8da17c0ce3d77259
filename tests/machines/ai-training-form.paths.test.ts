import { describe, expect, it } from 'vitest';
import { AI_TRAINING_CONFLICT_TEXT, AI_TRAINING_FAQ_ANSWER_REQUIRED_TEXT } from '../../contracts/ai-training';
import type {
  PreviewInput,
  SaveTrainingInput,
} from '../../machines/ai-training-form/ai-training-form.machine';
import {
  type AiTrainingSnapshot,
  aiTrainingPathModel,
  editedContent,
  NEW_DESCRIPTION,
  planAiTrainingStep,
  SAMPLE_QUESTION,
} from '../../machines/ai-training-form/ai-training-form.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(aiTrainingPathModel);

describe('ai-training-form chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(aiTrainingPathModel, paths);
    expect(coverage.states.total).toBeGreaterThan(15);
  });

  it('reaches each refusal and the read-only screen', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((s) => aiTrainingPathModel.coverageKey(s.state))),
    );
    const keys = [...reached].join('\n');
    expect(keys).toContain('"loadFailed"');
    expect(keys).toContain('"conflict"');
    expect(keys).toContain('save says "Não foi possível concluir agora. Tente novamente."');
    expect(keys).toContain('history says');
    expect(keys).toContain('preview failed');
    expect(keys).toContain('read-only');
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(aiTrainingPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step, and the screen after it', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planAiTrainingStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (index === 0) expect(plan.actions[0]).toEqual({ do: 'open', url: '/settings/ai-training' });
        if (step.state.matches({ ready: { form: 'conflict' } }))
          expect(plan.screen.errors).toContain(AI_TRAINING_CONFLICT_TEXT);
        if (!step.state.context.canEdit) expect(plan.screen.saveButton).toBeNull();
      });
    }
  });

  it('refuses to save a question without its answer, beside the answer, with nothing sent', () => {
    const refused = paths
      .flatMap((p) => p.steps)
      .find((s) => s.event.type === 'SAVE' && s.state.matches({ ready: { form: 'editing' } }));
    expect(refused?.state.context.issues).toEqual({ 'faqs.1.answer': AI_TRAINING_FAQ_ANSWER_REQUIRED_TEXT });
  });

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s replays on the real machine; saves send the base version and previews the unsaved form',
    async (_name, path) => {
      const emitted: string[] = [];
      const saves: SaveTrainingInput[] = [];
      const previews: PreviewInput[] = [];
      const actor = await replayPath(aiTrainingPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.draft).toEqual(step.state.context.draft);
          expect(snapshot.context.issues).toEqual(step.state.context.issues);
          if (step.event.type === 'xstate.init') {
            for (const type of ['saved', 'restored'])
              actor.on(type, (e: { type: string }) => emitted.push(e.type));
          }
          const s = snapshot as AiTrainingSnapshot;
          if (step.event.type === 'SAVE' && s.matches({ ready: { form: 'saving' } })) {
            const child = s.children.saveTraining as unknown as
              | { _snapshot?: { input?: SaveTrainingInput } }
              | undefined;
            if (child?._snapshot?.input) saves.push(child._snapshot.input);
          }
          if (step.event.type === 'ASK') {
            const child = s.children.preview as unknown as
              | { _snapshot?: { input?: PreviewInput } }
              | undefined;
            if (child?._snapshot?.input) previews.push(child._snapshot.input);
          }
        },
      });
      const done = path.steps.map((s) => s.event.type);
      expect(emitted).toEqual(
        done
          .filter((t) => t === 'xstate.done.actor.saveTraining' || t === 'xstate.done.actor.restoreVersion')
          .map((t) => (t.endsWith('saveTraining') ? 'saved' : 'restored')),
      );
      // Every call settled on the path was started with an input checked below.
      expect(saves.length).toBeGreaterThanOrEqual(
        done.filter((t) => t.includes('.actor.saveTraining')).length,
      );
      expect(previews.length).toBeGreaterThanOrEqual(done.filter((t) => t.includes('.actor.preview')).length);
      for (const save of saves) expect(save).toEqual({ baseVersion: 2, content: editedContent });
      for (const preview of previews) {
        expect(preview.question).toBe(SAMPLE_QUESTION);
        if (path.scenario.input.canEdit) expect(preview.training.businessDescription).toBe(NEW_DESCRIPTION);
      }
      actor.stop();
    },
  );
});
