import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { ROLE_LABELS, type Role } from '../../contracts/roles';
import {
  ALREADY_MEMBER_TEXT,
  INVITATION_RESEND_TOO_SOON_TEXT,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from '../../contracts/team';
import type { PathScenario } from '../../tests/support/chart-paths';
import { plannedAnswer, refusal } from '../planned-answer';
import { type TeamEvent, teamMachine } from './team.machine';
import {
  removeQuestion,
  revokeQuestion,
  roleSelectLabel,
  TEAM_LOAD_FAILED_TEXT,
  teamTexts,
  teamToasts,
} from './team.texts';

/**
 * The team chart's path model: the owner Ana on "Equipe", with Bruno (Atendente) on the team and an
 * open invitation to Carla. Every action once done and once refused by the server. Per step, what
 * to do in the app and what the owner must see (`planTeamStep`).
 */

export type TeamSnapshot = SnapshotFrom<typeof teamMachine>;

export const TEAM_URL = '/settings/team';

const at = '2030-01-02T12:00:00.000Z';
const week = '2030-01-09T12:00:00.000Z';

export const ownerMember: TeamMember = {
  userId: '00000000-0000-4000-8000-00000000a0a0',
  name: 'Ana Souza',
  email: 'ana@docesdaana.com.br',
  role: 'owner',
  joinedAt: '2030-01-01T12:00:00.000Z',
  isYou: true,
};
export const staffMember: TeamMember = {
  userId: '00000000-0000-4000-8000-00000000b0b0',
  name: 'Bruno Lima',
  email: 'bruno@docesdaana.com.br',
  role: 'staff',
  joinedAt: at,
  isYou: false,
};
export const openInvitation: TeamInvitation = {
  id: '00000000-0000-4000-8000-0000000c0c0c',
  email: 'carla@docesdaana.com.br',
  role: 'staff',
  invitedByName: 'Ana Souza',
  createdAt: at,
  lastSentAt: at,
  expiresAt: week,
  // Long past whatever the clock says: "Reenviar convite" can be pressed at once.
  resendAvailableAt: '2020-01-01T12:00:00.000Z',
  expired: false,
};
/** What the owner types in the invite form, and the invitation the server answers. */
export const INVITED_EMAIL = 'dani@docesdaana.com.br';
export const INVITED_ROLE = 'manager' as const;
export const newInvitation: TeamInvitation = {
  ...openInvitation,
  id: '00000000-0000-4000-8000-0000000d0d0d',
  email: INVITED_EMAIL,
  role: INVITED_ROLE,
};
/** Sent again: the button counts down to the next resend (the paths resend once). */
export const resentInvitation: TeamInvitation = {
  ...openInvitation,
  lastSentAt: week,
  resendAvailableAt: '2099-01-01T12:00:00.000Z',
};
/** Bruno's new role when the owner changes it. */
export const NEW_ROLE: Role = 'manager';

export const initialTeam: Team = { members: [ownerMember, staffMember], invitations: [openInvitation] };

export const TEAM_BROKEN_TEXT = 'Não foi possível concluir agora. Tente novamente.';

/** The server's refusals, as the app's actors reject (ApiError's shape). */
export const teamFailures = {
  broken: refusal(TEAM_BROKEN_TEXT, 500, 'INTERNAL_ERROR'),
  alreadyMember: refusal(ALREADY_MEMBER_TEXT, 409, 'CONFLICT'),
  tooSoon: refusal(INVITATION_RESEND_TOO_SOON_TEXT, 429, 'RATE_LIMITED'),
};

export const teamScenarios: PathScenario<undefined>[] = [
  {
    name: 'owner',
    summary: 'Ana, the owner, opens "Equipe" (Bruno is on the team, Carla is invited)',
    input: undefined,
  },
];

const STATE_WORDS: Record<string, string> = {
  loading: 'the team loading',
  loadFailed: `the error screen "${TEAM_LOAD_FAILED_TEXT}"`,
  list: 'the members, the invitations and the invite form',
  inviting: '"Enviando convite..."',
  resending: `Carla's "Reenviar convite" sending`,
  confirmingRevoke: `the question "${revokeQuestion(openInvitation.email)}"`,
  revoking: '"Revogando..."',
  changingRole: `Bruno's role being saved`,
  confirmingRemove: `the question "${removeQuestion(staffMember.name, staffMember.email)}"`,
  removing: '"Removendo..."',
};

export const teamPathModel = {
  chart: 'team',
  title: 'The owner\'s "Equipe": invite, resend, revoke, change a role, remove; each refused once',
  machine: teamMachine,
  scenarios: teamScenarios,

  events(snapshot: TeamSnapshot): TeamEvent[] {
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (snapshot.matches('list')) {
      const { team, email } = snapshot.context;
      const carla = team?.invitations.find((i) => i.id === openInvitation.id);
      const bruno = team?.members.find((m) => m.userId === staffMember.userId);
      const daniInvited = team?.invitations.some((i) => i.id === newInvitation.id);
      return [
        ...(email === ''
          ? [{ type: 'CHANGE_EMAIL' as const, email: INVITED_EMAIL }]
          : daniInvited
            ? []
            : [{ type: 'CHANGE_INVITE_ROLE' as const, role: INVITED_ROLE }, { type: 'INVITE' as const }]),
        ...(carla && carla.lastSentAt === openInvitation.lastSentAt
          ? [{ type: 'RESEND' as const, invitationId: openInvitation.id }]
          : []),
        ...(carla ? [{ type: 'REVOKE' as const, invitationId: openInvitation.id }] : []),
        ...(bruno?.role === 'staff'
          ? [{ type: 'CHANGE_ROLE' as const, userId: staffMember.userId, role: NEW_ROLE }]
          : []),
        ...(bruno ? [{ type: 'REMOVE' as const, userId: staffMember.userId }] : []),
      ];
    }
    if (snapshot.matches('confirmingRevoke') || snapshot.matches('confirmingRemove'))
      return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
    return [];
  },

  actors: [
    { id: 'loadTeam', src: 'loadTeam', outputs: [initialTeam], errors: [teamFailures.broken] },
    { id: 'invite', src: 'invite', outputs: [newInvitation], errors: [teamFailures.alreadyMember] },
    { id: 'resend', src: 'resend', outputs: [resentInvitation], errors: [teamFailures.tooSoon] },
    { id: 'revoke', src: 'revoke', outputs: [{ revoked: true }], errors: [teamFailures.broken] },
    {
      id: 'changeRole',
      src: 'changeRole',
      outputs: [{ ...staffMember, role: NEW_ROLE }],
      errors: [teamFailures.broken],
    },
    { id: 'remove', src: 'remove', outputs: [{ removed: true }], errors: [teamFailures.broken] },
  ],

  /** The list as the owner sees it (who, which role, which invitation sent when) and the form. */
  serializeState(snapshot: TeamSnapshot): string {
    const { team, email, role } = snapshot.context;
    const digest = team
      ? [
          ...team.members.map((m) => `${m.email}:${m.role}`),
          ...team.invitations.map((i) => `invited ${i.email}:${i.role}@${i.lastSentAt}`),
        ].join(',')
      : 'no team';
    return [teamPathModel.coverageKey(snapshot), digest, `form ${email}:${role}`].join(' · ');
  },

  coverageKey(snapshot: TeamSnapshot): string {
    const { failure } = snapshot.context;
    return [String(snapshot.value), ...(failure ? [`${failure.on} says "${failure.message}"`] : [])].join(
      ' · ',
    );
  },

  describeState(snapshot: TeamSnapshot): string {
    const { failure } = snapshot.context;
    const words = STATE_WORDS[String(snapshot.value)] ?? String(snapshot.value);
    return failure ? `${words}, saying "${failure.message}"` : words;
  },

  describeEvent(event: AnyEventObject): string {
    const type = event.type;
    if (type === 'RETRY') return 'Ana presses "Tentar novamente"';
    if (type === 'CHANGE_EMAIL') return `Ana types ${INVITED_EMAIL} in the invite form`;
    if (type === 'CHANGE_INVITE_ROLE') return `Ana picks ${ROLE_LABELS[INVITED_ROLE]} for the invitation`;
    if (type === 'INVITE') return `Ana presses "${teamTexts.invite}"`;
    if (type === 'RESEND') return `Ana presses "${teamTexts.resend}" on Carla's invitation`;
    if (type === 'REVOKE') return `Ana presses "${teamTexts.revoke}" on Carla's invitation`;
    if (type === 'CHANGE_ROLE') return `Ana makes Bruno ${ROLE_LABELS[NEW_ROLE]}`;
    if (type === 'REMOVE') return `Ana presses "${teamTexts.remove}" on Bruno`;
    if (type === 'CONFIRM') return 'Ana presses the red button';
    if (type === 'CANCEL') return 'Ana presses "Cancelar"';
    const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
    if (type.startsWith('xstate.done.actor.')) return `The server answers ${call}`;
    return `The server refuses ${call}: ${(event as { error?: { status?: number } }).error?.status}`;
  },
};

/** The calls of the screen, as the plan names them. */
export type TeamCall = 'loadTeam' | 'invite' | 'resend' | 'revoke' | 'changeRole' | 'remove';

/** What the drivers do in the running app, as data. */
export type TeamUserAction =
  | { do: 'open'; url: string }
  | { do: 'typeEmail'; email: string }
  | { do: 'chooseInviteRole'; role: typeof INVITED_ROLE }
  /** A button on a row (an invitation or a member, by e-mail), or the question's. */
  | { do: 'click'; button: string; row?: { kind: 'invitation' | 'member'; email: string } }
  /** Picks `role` in the select `label` names (a member's row). */
  | { do: 'chooseRole'; label: string; role: Role }
  /** A call's answer: the real server's (2xx) or the refusal served in its place. */
  | { do: 'answer'; call: TeamCall; status: number; body: unknown };

export interface SeenMember {
  name: string;
  email: string;
  role: string;
  you: boolean;
}
export interface SeenInvitation {
  email: string;
  role: string;
  expired: boolean;
}

/** What the owner must see after a step. */
export interface TeamStepScreen {
  loading: boolean;
  /** The error screen's title, when the team did not load. */
  loadError: string | null;
  members: SeenMember[] | null;
  invitations: SeenInvitation[] | null;
  /** The invite button's label (it says so while sending). */
  inviteButton: string | null;
  /** A question being asked (revoke, remove), and its red button's label. */
  question: { text: string; confirm: string } | null;
  /** The server's words, next to what they are about. */
  error: string | null;
  /** A toast that must be on screen. */
  toast: string | null;
}

export interface TeamStepPlan {
  actions: TeamUserAction[];
  screen: TeamStepScreen;
}

type TeamPath = { steps: { event: AnyEventObject; state: TeamSnapshot }[] };

function toastOf(event: AnyEventObject, before: TeamSnapshot): string | null {
  const { team, invitationId, userId } = before.context;
  const member = team?.members.find((m) => m.userId === userId);
  const invitation = team?.invitations.find((i) => i.id === invitationId);
  switch (event.type) {
    case 'xstate.done.actor.invite':
      return teamToasts.invited(event.output.email);
    case 'xstate.done.actor.resend':
      return teamToasts.resent(event.output.email);
    case 'xstate.done.actor.revoke':
      return invitation ? teamToasts.revoked(invitation.email) : null;
    case 'xstate.done.actor.changeRole':
      return teamToasts.roleChanged(event.output.name, event.output.email, event.output.role);
    case 'xstate.done.actor.remove':
      return member ? teamToasts.removed(member.name, member.email) : null;
    default:
      return null;
  }
}

const carlaRow = { kind: 'invitation' as const, email: openInvitation.email };

/** Step `index` of `path`: Ana's (or the server's) part, and the screen after it. */
export function planTeamStep(path: TeamPath, index: number): TeamStepPlan {
  const step = path.steps[index]!;
  const before = index > 0 ? path.steps[index - 1]!.state : step.state;
  const { event, state } = step;
  const { team, failure, invitationId, userId } = state.context;
  const value = String(state.value);
  const actions: TeamUserAction[] = [];
  switch (event.type) {
    case 'xstate.init':
      actions.push({ do: 'open', url: TEAM_URL });
      break;
    case 'RETRY':
      actions.push({ do: 'click', button: 'Tentar novamente' });
      break;
    case 'CHANGE_EMAIL':
      actions.push({ do: 'typeEmail', email: INVITED_EMAIL });
      break;
    case 'CHANGE_INVITE_ROLE':
      actions.push({ do: 'chooseInviteRole', role: INVITED_ROLE });
      break;
    case 'INVITE':
      actions.push({ do: 'click', button: teamTexts.invite });
      break;
    case 'RESEND':
      actions.push({ do: 'click', button: teamTexts.resend, row: carlaRow });
      break;
    case 'REVOKE':
      actions.push({ do: 'click', button: teamTexts.revoke, row: carlaRow });
      break;
    case 'CHANGE_ROLE':
      actions.push({
        do: 'chooseRole',
        label: roleSelectLabel(staffMember.name, staffMember.email),
        role: NEW_ROLE,
      });
      break;
    case 'REMOVE':
      actions.push({
        do: 'click',
        button: teamTexts.remove,
        row: { kind: 'member', email: staffMember.email },
      });
      break;
    case 'CONFIRM':
      actions.push({
        do: 'click',
        button: before.matches('confirmingRevoke') ? teamTexts.revokeConfirm : teamTexts.removeConfirm,
      });
      break;
    case 'CANCEL':
      actions.push({ do: 'click', button: 'Cancelar' });
      break;
    default:
      actions.push(plannedAnswer<TeamCall>(event));
  }
  const listed = team !== null && value !== 'loading' && value !== 'loadFailed';
  const invitation = team?.invitations.find((i) => i.id === invitationId);
  const member = team?.members.find((m) => m.userId === userId);
  let question: TeamStepScreen['question'] = null;
  if ((value === 'confirmingRevoke' || value === 'revoking') && invitation)
    question = {
      text: revokeQuestion(invitation.email),
      confirm: value === 'revoking' ? teamTexts.revoking : teamTexts.revokeConfirm,
    };
  if ((value === 'confirmingRemove' || value === 'removing') && member)
    question = {
      text: removeQuestion(member.name, member.email),
      confirm: value === 'removing' ? teamTexts.removing : teamTexts.removeConfirm,
    };
  return {
    actions,
    screen: {
      loading: value === 'loading',
      loadError: value === 'loadFailed' ? TEAM_LOAD_FAILED_TEXT : null,
      members: listed
        ? team.members.map((m) => ({
            name: m.name ?? m.email,
            email: m.email,
            role: ROLE_LABELS[m.role],
            you: m.isYou,
          }))
        : null,
      invitations: listed
        ? team.invitations.map((i) => ({ email: i.email, role: ROLE_LABELS[i.role], expired: i.expired }))
        : null,
      inviteButton: listed ? (value === 'inviting' ? teamTexts.inviting : teamTexts.invite) : null,
      question,
      error: failure?.message ?? null,
      toast: toastOf(event, before),
    },
  };
}
