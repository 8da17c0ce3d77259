import { assign, emit, fromPromise, setup } from 'xstate';
import type { Role } from '../../contracts/roles';
import type { Team, TeamInvitation, TeamMember } from '../../contracts/team';
import { failureMessage } from '../failure-message';

/** The roles an invitation may give (an owner is never invited: ownership is handed over by role). */
export type InvitedRole = TeamInvitation['role'];

/** Which call failed, and on which row: the view shows the server's words next to it. */
export type TeamFailure =
  | { on: 'invite'; message: string }
  | { on: 'resend' | 'revoke'; invitationId: string; message: string }
  | { on: 'role' | 'remove'; userId: string; message: string };

export interface TeamContext {
  team: Team | null;
  /** Why loading failed (the server's words), for the page's error screen. */
  loadError: string | null;
  /** The invite form's fields. */
  email: string;
  role: InvitedRole;
  /** The invitation or member the question or the call under way is about. */
  invitationId: string | null;
  userId: string | null;
  /** The role asked for by "change role", while it is being saved. */
  newRole: Role | null;
  failure: TeamFailure | null;
}

export type TeamEvent =
  | { type: 'RETRY' }
  | { type: 'CHANGE_EMAIL'; email: string }
  | { type: 'CHANGE_INVITE_ROLE'; role: InvitedRole }
  | { type: 'INVITE' }
  | { type: 'RESEND'; invitationId: string }
  | { type: 'REVOKE'; invitationId: string }
  | { type: 'CHANGE_ROLE'; userId: string; role: Role }
  | { type: 'REMOVE'; userId: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** What the app does for the chart: a toast, and the team's cache. */
export type TeamEmitted =
  | { type: 'invited'; invitation: TeamInvitation }
  | { type: 'resent'; invitation: TeamInvitation }
  | { type: 'revoked'; email: string }
  | { type: 'roleChanged'; member: TeamMember }
  | { type: 'removed'; member: TeamMember };

const notProvided = (what: string) => async (): Promise<never> => {
  throw new Error(`No way to ${what} was provided`);
};

const replaceInvitation = (team: Team, invitation: TeamInvitation): Team => ({
  ...team,
  invitations: team.invitations.map((i) => (i.id === invitation.id ? invitation : i)),
});

/**
 * The owner's "Equipe" screen (issue 15): `loading` the team → `list` (members, open invitations,
 * the invite form) or `loadFailed` (RETRY). From the list one thing happens at a time: `inviting`,
 * `resending` an invitation, `confirmingRevoke` → `revoking`, `changingRole` of a member,
 * `confirmingRemove` → `removing`. Each success updates the list the chart holds and emits what the
 * app says in a toast; each failure goes back (to the list, or to the question) with the server's
 * words in `failure`, next to the row or form it is about.
 */
export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    emitted: {} as TeamEmitted,
  },
  actors: {
    loadTeam: fromPromise<Team>(notProvided('load the team')),
    invite: fromPromise<TeamInvitation, { email: string; role: InvitedRole }>(notProvided('invite')),
    resend: fromPromise<TeamInvitation, { invitationId: string }>(notProvided('resend')),
    revoke: fromPromise<unknown, { invitationId: string }>(notProvided('revoke')),
    changeRole: fromPromise<TeamMember, { userId: string; role: Role }>(notProvided('change a role')),
    remove: fromPromise<unknown, { userId: string }>(notProvided('remove')),
  },
  actions: {
    forgetFailure: assign({ failure: null }),
    release: assign({ invitationId: null, userId: null, newRole: null }),
  },
  guards: {
    // The server checks the address; an empty form is not worth a call.
    emailTyped: ({ context }) => context.email.trim() !== '',
    // Guards on the event's target: an id that is not on the list is a stale click, ignored.
    invitationListed: ({ context, event }) =>
      'invitationId' in event && !!context.team?.invitations.some((i) => i.id === event.invitationId),
    otherMemberListed: ({ context, event }) =>
      'userId' in event && !!context.team?.members.some((m) => m.userId === event.userId && !m.isYou),
    roleChangeAllowed: ({ context, event }) => roleChangeAllowed(context, event),
  },
}).createMachine({
  id: 'team',
  context: {
    team: null,
    loadError: null,
    email: '',
    role: 'staff',
    invitationId: null,
    userId: null,
    newRole: null,
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The team is read: a skeleton list.',
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: { target: 'list', actions: assign({ team: ({ event }) => event.output, loadError: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    loadFailed: {
      description: 'The page\'s error screen with "Tentar novamente".',
      on: { RETRY: 'loading' },
    },
    list: {
      description: 'Members, open invitations and the invite form; one action at a time.',
      on: {
        CHANGE_EMAIL: { actions: assign({ email: ({ event }) => event.email }) },
        CHANGE_INVITE_ROLE: { actions: assign({ role: ({ event }) => event.role }) },
        INVITE: { guard: 'emailTyped', target: 'inviting', actions: 'forgetFailure' },
        RESEND: {
          guard: 'invitationListed',
          target: 'resending',
          actions: ['forgetFailure', assign({ invitationId: ({ event }) => event.invitationId })],
        },
        REVOKE: {
          guard: 'invitationListed',
          target: 'confirmingRevoke',
          actions: ['forgetFailure', assign({ invitationId: ({ event }) => event.invitationId })],
        },
        CHANGE_ROLE: {
          guard: 'roleChangeAllowed',
          target: 'changingRole',
          actions: [
            'forgetFailure',
            assign({ userId: ({ event }) => event.userId, newRole: ({ event }) => event.role }),
          ],
        },
        REMOVE: {
          guard: 'otherMemberListed',
          target: 'confirmingRemove',
          actions: ['forgetFailure', assign({ userId: ({ event }) => event.userId })],
        },
      },
    },
    inviting: {
      description: 'The invitation is sent: "Enviando convite..." on the form.',
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => ({ email: context.email, role: context.role }),
        onDone: {
          target: 'list',
          actions: [
            assign(({ context, event }) => ({
              email: '',
              team: context.team && {
                ...context.team,
                invitations: [
                  event.output,
                  ...context.team.invitations.filter((i) => i.id !== event.output.id),
                ],
              },
            })),
            emit(({ event }) => ({ type: 'invited' as const, invitation: event.output })),
          ],
        },
        onError: {
          target: 'list',
          actions: assign({
            failure: ({ event }) => ({ on: 'invite' as const, message: failureMessage(event.error) }),
          }),
        },
      },
    },
    resending: {
      description: 'The invitation e-mail goes again: its "Reenviar" says "Reenviando...".',
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ invitationId: context.invitationId ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            assign({
              team: ({ context, event }) => context.team && replaceInvitation(context.team, event.output),
            }),
            emit(({ event }) => ({ type: 'resent' as const, invitation: event.output })),
            'release',
          ],
        },
        onError: {
          target: 'list',
          actions: [
            assign({
              failure: ({ context, event }) => ({
                on: 'resend' as const,
                invitationId: context.invitationId ?? '',
                message: failureMessage(event.error),
              }),
            }),
            'release',
          ],
        },
      },
    },
    confirmingRevoke: {
      description: 'On the invitation: "Cancelar o convite de <e-mail>?", the red button and "Voltar".',
      on: {
        CONFIRM: { target: 'revoking', actions: 'forgetFailure' },
        CANCEL: { target: 'list', actions: ['forgetFailure', 'release'] },
      },
    },
    revoking: {
      description: 'The invitation is revoked: "Cancelando...".',
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ invitationId: context.invitationId ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            emit(({ context }) => ({
              type: 'revoked' as const,
              email: context.team?.invitations.find((i) => i.id === context.invitationId)?.email ?? '',
            })),
            assign({
              team: ({ context }) =>
                context.team && {
                  ...context.team,
                  invitations: context.team.invitations.filter((i) => i.id !== context.invitationId),
                },
            }),
            'release',
          ],
        },
        onError: {
          target: 'confirmingRevoke',
          actions: assign({
            failure: ({ context, event }) => ({
              on: 'revoke' as const,
              invitationId: context.invitationId ?? '',
              message: failureMessage(event.error),
            }),
          }),
        },
      },
    },
    changingRole: {
      description: "The member's new role is saved: their role select is disabled.",
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context }) => ({ userId: context.userId ?? '', role: context.newRole ?? 'staff' }),
        onDone: {
          target: 'list',
          actions: [
            assign({
              team: ({ context, event }) =>
                context.team && {
                  ...context.team,
                  members: context.team.members.map((m) =>
                    m.userId === event.output.userId ? event.output : m,
                  ),
                },
            }),
            emit(({ event }) => ({ type: 'roleChanged' as const, member: event.output })),
            'release',
          ],
        },
        onError: {
          target: 'list',
          actions: [
            assign({
              failure: ({ context, event }) => ({
                on: 'role' as const,
                userId: context.userId ?? '',
                message: failureMessage(event.error),
              }),
            }),
            'release',
          ],
        },
      },
    },
    confirmingRemove: {
      description:
        'On the member: "Remover <nome> da equipe? Ela perde o acesso na hora.", the red button and "Voltar".',
      on: {
        CONFIRM: { target: 'removing', actions: 'forgetFailure' },
        CANCEL: { target: 'list', actions: ['forgetFailure', 'release'] },
      },
    },
    removing: {
      description: 'The member is removed: "Removendo...".',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            emit(({ context }) => ({
              type: 'removed' as const,
              member: context.team?.members.find((m) => m.userId === context.userId) as TeamMember,
            })),
            assign({
              team: ({ context }) =>
                context.team && {
                  ...context.team,
                  members: context.team.members.filter((m) => m.userId !== context.userId),
                },
            }),
            'release',
          ],
        },
        onError: {
          target: 'confirmingRemove',
          actions: assign({
            failure: ({ context, event }) => ({
              on: 'remove' as const,
              userId: context.userId ?? '',
              message: failureMessage(event.error),
            }),
          }),
        },
      },
    },
  },
});

/** A role change names another member, listed, whose role is not already that one. */
function roleChangeAllowed(context: TeamContext, event: TeamEvent): boolean {
  if (event.type !== 'CHANGE_ROLE') return false;
  const member = context.team?.members.find((m) => m.userId === event.userId);
  return !!member && !member.isYou && member.role !== event.role;
}
