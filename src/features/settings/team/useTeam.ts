import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Role } from '../../../../contracts/roles';
import type { Team, TeamInvitation, TeamMember } from '../../../../contracts/team';
import { type InvitedRole, teamMachine } from '../../../../machines/team/team.machine';
import { teamToasts } from '../../../../machines/team/team.texts';
import { toast } from '../../../lib/toasts';

const memberListKey = ['team'] as const;

import { changeRole, invite, loadTeam, removeMember, resendInvitation, revokeInvitation } from './team-calls';

/**
 * The team chart with the app's calls. Every change drops the member lists other screens read
 * (assignee pickers) and says so in a toast.
 */
export function useTeam() {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    teamMachine.provide({
      actors: {
        loadTeam: fromPromise<Team>(({ signal }) => loadTeam(signal)),
        invite: fromPromise<TeamInvitation, { email: string; role: InvitedRole }>(({ input }) =>
          invite(input),
        ),
        resend: fromPromise<TeamInvitation, { invitationId: string }>(({ input }) =>
          resendInvitation(input.invitationId),
        ),
        revoke: fromPromise<unknown, { invitationId: string }>(({ input }) =>
          revokeInvitation(input.invitationId),
        ),
        changeRole: fromPromise<TeamMember, { userId: string; role: Role }>(({ input }) =>
          changeRole(input.userId, input.role),
        ),
        remove: fromPromise<unknown, { userId: string }>(({ input }) => removeMember(input.userId)),
      },
    }),
  );
  const actor = useActorRef(machine);
  useLayoutEffect(() => {
    // The member lists the assignee pickers read follow a role change or a removal.
    const changed = () => void queryClient.invalidateQueries({ queryKey: memberListKey });
    const subscriptions = [
      actor.on('invited', ({ invitation }) => toast.success(teamToasts.invited(invitation.email))),
      actor.on('resent', ({ invitation }) => toast.success(teamToasts.resent(invitation.email))),
      actor.on('revoked', ({ email }) => toast.success(teamToasts.revoked(email))),
      actor.on('roleChanged', ({ member }) => {
        toast.success(teamToasts.roleChanged(member.name, member.email, member.role));
        changed();
      }),
      actor.on('removed', ({ member }) => {
        toast.success(teamToasts.removed(member.name, member.email));
        changed();
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, queryClient]);
  return actor;
}

export type TeamActor = ReturnType<typeof useTeam>;
