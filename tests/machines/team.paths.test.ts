import { describe, expect, it } from 'vitest';
import {
  INVITED_EMAIL,
  initialTeam,
  openInvitation,
  planTeamStep,
  staffMember,
  type TeamSnapshot,
  teamPathModel,
} from '../../machines/team/team.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(teamPathModel);

describe('team chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(teamPathModel, paths);
    expect(coverage.states.total).toBe(11);
  });

  it('reaches every refusal, each next to what it is about', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((s) => teamPathModel.coverageKey(s.state))),
    );
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'loadFailed',
        'list · invite says "Esta pessoa já faz parte da equipe."',
        'list · resend says "Aguarde um minuto para reenviar este convite."',
        'confirmingRevoke · revoke says "Não foi possível concluir agora. Tente novamente."',
        'list · role says "Não foi possível concluir agora. Tente novamente."',
        'confirmingRemove · remove says "Não foi possível concluir agora. Tente novamente."',
      ]),
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(teamPathModel, paths, /undefined|\[object Object\]/);
  });

  it('plans one user action for every step, and the screen after it', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const plan = planTeamStep(path, index);
        expect(plan.actions).toHaveLength(1);
        if (index === 0) expect(plan.actions[0]).toEqual({ do: 'open', url: '/settings/team' });
        if (step.state.matches('inviting')) expect(plan.screen.inviteButton).toBe('Enviando convite...');
        if (step.event.type === 'xstate.done.actor.invite')
          expect(plan.screen.toast).toBe(`Convite enviado para ${INVITED_EMAIL}.`);
        if (step.event.type === 'xstate.done.actor.remove')
          expect(plan.screen.toast).toBe('Bruno não faz mais parte da equipe.');
        if (step.state.matches('confirmingRemove'))
          expect(plan.screen.question?.text).toBe('Remover Bruno da equipe? Ela perde o acesso na hora.');
      });
    }
  });

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s replays on the real machine, the list following each answer',
    async (_name, path) => {
      const emitted: string[] = [];
      const actor = await replayPath(teamPathModel, path, {
        advance: () => undefined,
        onStep: ({ step, snapshot, actor }) => {
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context.failure).toEqual(step.state.context.failure);
          expect(snapshot.context.team).toEqual(step.state.context.team);
          if (step.event.type === 'xstate.init') {
            for (const type of ['invited', 'resent', 'revoked', 'roleChanged', 'removed'])
              actor.on(type, (e: { type: string }) => emitted.push(e.type));
          }
        },
      });
      const end = actor.getSnapshot() as TeamSnapshot;
      const done = path.steps.map((s) => s.event.type).filter((t) => t.startsWith('xstate.done.actor.'));
      const expected = done
        .map((t) => t.replace('xstate.done.actor.', ''))
        .filter((call) => call !== 'loadTeam')
        .map(
          (call) =>
            ({
              invite: 'invited',
              resend: 'resent',
              revoke: 'revoked',
              changeRole: 'roleChanged',
              remove: 'removed',
            })[call],
        );
      expect(emitted).toEqual(expected);
      if (done.includes('xstate.done.actor.remove'))
        expect(end.context.team?.members.map((m) => m.userId)).not.toContain(staffMember.userId);
      if (done.includes('xstate.done.actor.revoke'))
        expect(end.context.team?.invitations.map((i) => i.id)).not.toContain(openInvitation.id);
      actor.stop();
    },
  );

  it('ignores a role change for oneself and an action on a row no longer listed', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const actor = createActor(
      teamPathModel.machine.provide({ actors: { loadTeam: fromPromise(async () => initialTeam) } }),
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('list');
    actor.send({ type: 'CHANGE_ROLE', userId: initialTeam.members[0]!.userId, role: 'staff' });
    actor.send({ type: 'REMOVE', userId: initialTeam.members[0]!.userId });
    actor.send({ type: 'REVOKE', invitationId: 'gone' });
    actor.send({ type: 'CHANGE_ROLE', userId: staffMember.userId, role: 'staff' });
    expect(actor.getSnapshot().value).toBe('list');
    actor.stop();
  });
});
