import { describe, expect, it } from 'vitest';
import {
  INVITATION_TOKEN,
  type JoinTeamSnapshot,
  joinTeamPathModel,
  planJoinTeamStep,
} from '../../machines/join-team/join-team.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(joinTeamPathModel);
const page = `/convite/${INVITATION_TOKEN}`;

describe('join-team chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(joinTeamPathModel, paths);
    expect(coverage.states.total).toBe(12);
  });

  it('reaches every ending for each kind of visitor', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => joinTeamPathModel.serializeState(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'signed out · notFound',
        'signed out · gone',
        'signed out · leaving',
        'invited · joined',
        'invited · open.ready · says "Não foi possível entrar na equipe agora. Tente novamente."',
        'invited · gone',
        'other e-mail · leaving',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(joinTeamPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step, and where the app goes at the end', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planJoinTeamStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (step.event.type === 'xstate.done.actor.accept')
          expect(plan.screen.location).toBe(step.event.output.needsOnboarding ? '/onboarding' : '/home');
        if (step.event.type === 'SWITCH_ACCOUNT')
          expect(plan.screen.location).toBe(`/logout?redirect=${encodeURIComponent(page)}`);
        if (step.event.type === 'SIGN_UP')
          expect(plan.screen.leftFor).toEqual({
            hosted: 'signUp',
            redirect: page,
            email: step.state.context.invitation!.email,
          });
      });
    }
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine; it leaves only at its end',
    async (_name, path) => {
      const left: unknown[] = [];
      const actor = await replayPath(joinTeamPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.error).toBe(step.state.context.error);
          if (step.event.type === 'xstate.init') {
            actor.on('navigate', (e: unknown) => left.push(e));
            actor.on('hostedLogin', (e: unknown) => left.push(e));
          }
        },
      });
      const end = actor.getSnapshot() as JoinTeamSnapshot;
      const last = path.steps.at(-1)!.event;
      if (end.matches('joined'))
        expect(left).toEqual([
          { type: 'navigate', to: last.output.needsOnboarding ? '/onboarding' : '/home', replace: true },
        ]);
      else if (end.matches('leaving') && last.type === 'SWITCH_ACCOUNT')
        expect(left).toEqual([{ type: 'navigate', to: `/logout?redirect=${encodeURIComponent(page)}` }]);
      else if (end.matches('leaving'))
        expect(left).toEqual([
          {
            type: 'hostedLogin',
            mode: last.type === 'SIGN_UP' ? 'signUp' : 'signIn',
            redirect: page,
            email: end.context.invitation?.email ?? null,
          },
        ]);
      else expect(left).toEqual([]);
      actor.stop();
    },
  );
});
