import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  INVITATION_GONE_TEXT,
  INVITATION_NOT_FOUND_TEXT,
  INVITATION_OTHER_EMAIL_TEXT,
} from '../../contracts/team';
import type { PathScenario } from '../../tests/support/chart-paths';
import { appPaths } from '../app-paths';
import { plannedAnswer, refusal } from '../planned-answer';
import {
  type InvitationPreview,
  type JoinTeamEvent,
  type JoinTeamInput,
  joinTeamMachine,
} from './join-team.machine';
import { invitationLine, invitedEmailHint, joinTeamTexts, switchAccountLabel } from './join-team.texts';

/**
 * The invitation page's path model: Carla opens the link Ana sent her, signed out, signed in as
 * herself, or signed in as someone else. Per step, what to do in the app and what Carla must see
 * (`planJoinTeamStep`).
 */

export type JoinTeamSnapshot = SnapshotFrom<typeof joinTeamMachine>;

export const INVITATION_TOKEN = 'tok_carla_0123456789abcdef';
export const INVITED_EMAIL = 'carla@docesdaana.com.br';
export const OTHER_EMAIL = 'ana@docesdaana.com.br';

export const openPreview: InvitationPreview = {
  companyName: 'Doces da Ana',
  invitedByName: 'Ana Souza',
  email: INVITED_EMAIL,
  role: 'staff',
  status: 'open',
};
export const revokedPreview: InvitationPreview = { ...openPreview, status: 'revoked' };

export const PREVIEW_BROKEN_TEXT = 'Não foi possível carregar o convite. Tente novamente.';
export const ACCEPT_BROKEN_TEXT = 'Não foi possível entrar na equipe agora. Tente novamente.';

export const joinTeamFailures = {
  notFound: refusal(INVITATION_NOT_FOUND_TEXT, 404, 'NOT_FOUND'),
  gone: refusal(INVITATION_GONE_TEXT, 410, 'INVITATION_GONE'),
  previewBroken: refusal(PREVIEW_BROKEN_TEXT, 500, 'INTERNAL_ERROR'),
  acceptBroken: refusal(ACCEPT_BROKEN_TEXT, 500, 'INTERNAL_ERROR'),
};

export const joinTeamScenarios: PathScenario<JoinTeamInput>[] = [
  {
    name: 'signed out',
    summary: 'Carla opens the invitation link on a browser where nobody is signed in',
    input: { token: INVITATION_TOKEN, viewerEmail: null },
  },
  {
    name: 'invited',
    summary: 'Carla opens the invitation link signed in with the invited e-mail',
    input: { token: INVITATION_TOKEN, viewerEmail: INVITED_EMAIL },
  },
  {
    name: 'other e-mail',
    summary: 'Carla opens the invitation link while Ana is signed in on the browser',
    input: { token: INVITATION_TOKEN, viewerEmail: OTHER_EMAIL },
  },
];

const scenarioOf = (snapshot: JoinTeamSnapshot) => {
  const { viewerEmail } = snapshot.context;
  return viewerEmail === null ? 'signed out' : viewerEmail === INVITED_EMAIL ? 'invited' : 'other e-mail';
};

const stateNameOf = (snapshot: JoinTeamSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : `open.${(snapshot.value as { open: string }).open}`;

export const joinTeamPathModel = {
  chart: 'join-team',
  title: 'The invitation page: signed out, signed in as the invited person or as someone else',
  machine: joinTeamMachine,
  scenarios: joinTeamScenarios,

  events(snapshot: JoinTeamSnapshot): JoinTeamEvent[] {
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    if (snapshot.matches({ open: 'signedOut' })) return [{ type: 'SIGN_UP' }, { type: 'SIGN_IN' }];
    if (snapshot.matches({ open: 'otherEmail' })) return [{ type: 'SWITCH_ACCOUNT' }];
    if (snapshot.matches({ open: 'ready' })) return [{ type: 'ACCEPT' }];
    return [];
  },

  actors: [
    {
      id: 'preview',
      src: 'preview',
      outputs: [openPreview, revokedPreview],
      errors: [joinTeamFailures.notFound, joinTeamFailures.gone, joinTeamFailures.previewBroken],
    },
    {
      id: 'accept',
      src: 'accept',
      outputs: [{ needsOnboarding: false }, { needsOnboarding: true }],
      errors: [joinTeamFailures.acceptBroken, joinTeamFailures.gone],
    },
  ],

  serializeState(snapshot: JoinTeamSnapshot): string {
    const { error } = snapshot.context;
    return [scenarioOf(snapshot), stateNameOf(snapshot), ...(error ? [`says "${error}"`] : [])].join(' · ');
  },

  describeState(snapshot: JoinTeamSnapshot): string {
    const { error } = snapshot.context;
    const words: Record<string, string> = {
      previewing: 'the invitation loading',
      failed: `"${error}" and "${joinTeamTexts.retry}"`,
      notFound: `"${INVITATION_NOT_FOUND_TEXT}"`,
      gone: `"${INVITATION_GONE_TEXT}"`,
      'open.signedOut': `the invitation, "${joinTeamTexts.signUp}" and "${joinTeamTexts.signIn}"`,
      'open.otherEmail': `"${INVITATION_OTHER_EMAIL_TEXT}"`,
      'open.ready': `the invitation and "${joinTeamTexts.accept}"${error ? `, saying "${error}"` : ''}`,
      accepting: `"${joinTeamTexts.accepting}"`,
      joined: 'in the team, off to the app',
      leaving: 'off to sign in',
    };
    return words[stateNameOf(snapshot)] ?? stateNameOf(snapshot);
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'RETRY':
        return `Carla presses "${joinTeamTexts.retry}"`;
      case 'SIGN_UP':
        return `Carla presses "${joinTeamTexts.signUp}"`;
      case 'SIGN_IN':
        return `Carla presses "${joinTeamTexts.signIn}"`;
      case 'SWITCH_ACCOUNT':
        return `Carla presses "${switchAccountLabel(INVITED_EMAIL)}"`;
      case 'ACCEPT':
        return `Carla presses "${joinTeamTexts.accept}"`;
      case 'xstate.done.actor.preview':
        return `The server shows the invitation (${event.output.status})`;
      case 'xstate.done.actor.accept':
        return `Carla joins${event.output.needsOnboarding ? ', her own steps still to do' : ''}`;
      default:
        return `The server answers ${(event as { error?: { status?: number } }).error?.status} to ${event.type.replace('xstate.error.actor.', '')}`;
    }
  },
};

export type JoinTeamCall = 'preview' | 'accept';

/** What the drivers do in the running app, as data. */
export type JoinTeamUserAction =
  | { do: 'open'; url: string; viewerEmail: string | null }
  | { do: 'click'; button: string }
  /** The call's answer: the chart's output (2xx) or the refusal served in its place. */
  | { do: 'answer'; call: JoinTeamCall; status: number; body: unknown };

/** What Carla must see after a step. */
export interface JoinTeamStepScreen {
  /** The page's address, or where the app went (`leftFor`). */
  location: string;
  loading: boolean;
  /** The invitation's line, when it is open. */
  invitation: string | null;
  /** The page's message (not found, gone, other e-mail, a failure). */
  message: string | null;
  /** The buttons offered, in order. */
  buttons: string[];
  /** Where the app left for: the hosted login (sign up / sign in, with the redirect back) or /logout. */
  /** The hosted page, the way back, and the invited address it starts with. */
  leftFor: { hosted: 'signUp' | 'signIn'; redirect: string; email: string | null } | null;
}

export interface JoinTeamStepPlan {
  actions: JoinTeamUserAction[];
  screen: JoinTeamStepScreen;
}

type JoinTeamPath = { steps: { event: AnyEventObject; state: JoinTeamSnapshot }[] };

/** Step `index` of `path`: Carla's (or the server's) part, and the screen after it. */
export function planJoinTeamStep(path: JoinTeamPath, index: number): JoinTeamStepPlan {
  const { event, state } = path.steps[index]!;
  const { invitation, error, token } = state.context;
  const page = appPaths.invitation(token);
  const actions: JoinTeamUserAction[] = [];
  if (event.type === 'xstate.init')
    actions.push({ do: 'open', url: page, viewerEmail: state.context.viewerEmail });
  else if (event.type === 'RETRY') actions.push({ do: 'click', button: joinTeamTexts.retry });
  else if (event.type === 'SIGN_UP') actions.push({ do: 'click', button: joinTeamTexts.signUp });
  else if (event.type === 'SIGN_IN') actions.push({ do: 'click', button: joinTeamTexts.signIn });
  else if (event.type === 'SWITCH_ACCOUNT')
    actions.push({ do: 'click', button: switchAccountLabel(invitation?.email ?? '') });
  else if (event.type === 'ACCEPT') actions.push({ do: 'click', button: joinTeamTexts.accept });
  else actions.push(plannedAnswer<JoinTeamCall>(event));

  const value = stateNameOf(state);
  const line =
    invitation && invitationLine(invitation.invitedByName, invitation.companyName, invitation.role);
  const screen: JoinTeamStepScreen = {
    location: page,
    loading: value === 'previewing',
    invitation: null,
    message: null,
    buttons: [],
    leftFor: null,
  };
  switch (value) {
    case 'failed':
      Object.assign(screen, { message: error, buttons: [joinTeamTexts.retry] });
      break;
    case 'notFound':
      screen.message = INVITATION_NOT_FOUND_TEXT;
      break;
    case 'gone':
      screen.message = INVITATION_GONE_TEXT;
      break;
    case 'open.signedOut':
      Object.assign(screen, {
        invitation: line,
        message: invitedEmailHint(invitation?.email ?? ''),
        buttons: [joinTeamTexts.signUp, joinTeamTexts.signIn],
      });
      break;
    case 'open.otherEmail':
      Object.assign(screen, {
        invitation: line,
        message: INVITATION_OTHER_EMAIL_TEXT,
        buttons: [switchAccountLabel(invitation?.email ?? '')],
      });
      break;
    case 'open.ready':
    case 'accepting':
      Object.assign(screen, {
        invitation: line,
        message: error,
        buttons: [value === 'accepting' ? joinTeamTexts.accepting : joinTeamTexts.accept],
      });
      break;
    case 'joined':
      screen.location = event.output?.needsOnboarding ? appPaths.onboarding : appPaths.home;
      break;
    case 'leaving':
      if (event.type === 'SWITCH_ACCOUNT')
        screen.location = `${appPaths.logout}?${new URLSearchParams({ redirect: page })}`;
      else
        screen.leftFor = {
          hosted: event.type === 'SIGN_UP' ? 'signUp' : 'signIn',
          redirect: page,
          email: invitation?.email ?? null,
        };
      break;
  }
  return { actions, screen };
}
