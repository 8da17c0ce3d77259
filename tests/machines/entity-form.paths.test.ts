import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { entityFormMachine, type SaveEntityInput } from '../../machines/entity-form/entity-form.machine';
import {
  type EntityFormSnapshot,
  entityFormPathModel,
  entityFormScenarios,
  planEntityFormStep,
} from '../../machines/entity-form/entity-form.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions } from '../support/submission-keys';

const paths = generatePaths(entityFormPathModel);

describe('entity-form chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(entityFormPathModel, paths);
    expect(coverage.states.total).toBe(8);
  });

  it('reaches every answer on the form that leaves, and a second save on the form that stays (no 409: its server has none)', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => entityFormPathModel.coverageKey(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'leaves · leaving',
        'leaves · rejected · beside name: "Use outro nome."',
        'leaves · conflict · beside name: "Já existe um serviço com este nome."',
        'leaves · failed · says "Não foi possível salvar agora. Tente novamente."',
        'stays · saved',
      ]),
    );
    expect([...reached].filter((key) => key.startsWith('stays · conflict'))).toEqual([]);
  });

  it('says a 409 above the buttons on a form with no field for it (a deal when the board has no stages)', async () => {
    const taken = Object.assign(new Error('Crie uma etapa no funil antes de cadastrar vendas.'), {
      status: 409,
    });
    const form = createActor(
      entityFormMachine.provide({
        actors: { save: fromPromise<unknown, SaveEntityInput>(() => Promise.reject(taken)) },
      }),
      { input: { ...entityFormScenarios[1]!.input, conflictField: undefined } },
    ).start();
    form.send({ type: 'SUBMIT' });
    await waitFor(form, (s) => !s.matches('saving'));
    expect(form.getSnapshot().value).toBe('conflict');
    expect(form.getSnapshot().context).toMatchObject({ issues: {}, message: taken.message, refusals: 1 });
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(entityFormPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans a user action for every step the person takes, and the screen after it', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planEntityFormStep(path, index);
        if (index === 0) expect(plan.actions[0]).toMatchObject({ do: 'open' });
        else expect(plan.actions).toHaveLength(1);
        if (step.state.matches('saving')) expect(plan.screen.button).toBe('Salvando...');
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine; keys follow the submissions',
    async (_name, path) => {
      const asked: Array<SaveEntityInput & { afterSuccess: boolean }> = [];
      let succeeded = false;
      const navigations: string[] = [];
      const actor = await replayPath(entityFormPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          // What the person sees; counters and the last body sent are left out of the traversal's states.
          expect(snapshot.value).toEqual(step.state.value);
          const { values, issues, message } = snapshot.context;
          const planned = step.state.context;
          expect({ values, issues, message }).toEqual({
            values: planned.values,
            issues: planned.issues,
            message: planned.message,
          });
          if (step.event.type === 'xstate.init')
            actor.on('navigate', (e: { to: string }) => navigations.push(e.to));
          if (step.event.type === 'xstate.done.actor.save') succeeded = true;
          const child = (snapshot as EntityFormSnapshot).children.save;
          if (child && step.event.type !== 'xstate.init' && snapshot.matches('saving'))
            asked.push({ ...(child.getSnapshot().input as SaveEntityInput), afterSuccess: succeeded });
        },
      });
      expectKeysFollowSubmissions(
        asked.map((a) => ({ body: a.body, key: a.idempotencyKey, afterSuccess: a.afterSuccess })),
      );
      const end = actor.getSnapshot() as EntityFormSnapshot;
      expect(navigations).toEqual(end.matches('leaving') ? [end.context.doneTo] : []);
      actor.stop();
    },
  );
});
