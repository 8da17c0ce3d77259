import type { AnyEventObject } from 'xstate';
import type { FollowUpMessage, FollowUpProblem, FollowUpStatus } from '../../contracts/tasks';
import { formFollowUp } from '../task-form/task-form.paths';
import {
  type FollowUpCommand,
  type FollowUpStatusEvent,
  type FollowUpStatusSnapshot,
  followUpStatusMachine,
} from './follow-up-status.machine';
import { followUpCommandTexts } from './follow-up-status.texts';

/**
 * The follow-up-status chart's path model (one follow-up on the task page, as the owner sees it),
 * and per step what to do in the running app and what the owner must see (`planFollowUpStatusStep`).
 */

export const FOLLOW_UP_TEXT = 'Oi, Maria! Conseguiu ver o orçamento?';
/** The server's words when "Enviar agora" comes too late: the follow-up already left (its 409). */
export const NOT_SENDABLE_TEXT =
  'Esta mensagem não pode ser enviada agora: ela já foi enviada, está a caminho ou foi cancelada.';
/** The server's words for a resume it could not make (a 500). */
export const RESUME_FAILED_TEXT = 'Falha interna. Tente de novo em instantes.';

/** The server's problems the paths meet (server/modules/whatsapp-sending/follow-up-problems.ts). */
export const followUpProblems = {
  noConnection: {
    code: 'NO_CONNECTION',
    text: 'O WhatsApp da empresa não está conectado. A mensagem sai assim que você conectar.',
    actions: ['connect'],
  },
  paused: {
    code: 'PAUSED',
    text: 'Você respondeu este cliente pelo celular, então os follow-ups automáticos dele estão pausados.',
    actions: ['resume'],
  },
  expired: {
    code: 'EXPIRED',
    text: 'A mensagem esperou demais pela conexão do WhatsApp e não foi enviada. Envie agora ou reagende.',
    actions: ['send_now', 'reschedule'],
  },
  templateGone: {
    code: '132001',
    text: 'O modelo de mensagem escolhido não existe mais ou não está aprovado. Escolha outro e envie de novo.',
    actions: ['choose_template', 'send_now'],
  },
} satisfies Record<string, FollowUpProblem>;

const SCHEDULED_FOR = '2030-01-15T13:00:00.000Z';
const SENT_AT = '2030-01-15T13:00:02.000Z';

/** Maria's follow-up as the server answers it at each point of its life. */
export function followUpAt(status: FollowUpStatus): FollowUpMessage {
  const base = formFollowUp({
    id: 'f-maria',
    taskId: 't-maria',
    customerId: 'c-maria',
    message: FOLLOW_UP_TEXT,
    scheduledFor: SCHEDULED_FOR,
    status,
  });
  const problem = (p: FollowUpProblem): FollowUpMessage => ({ ...base, problem: p, lastError: p.text });
  switch (status) {
    case 'waiting_connection':
      return { ...problem(followUpProblems.noConnection), awaitingConnection: true };
    case 'paused':
      return problem(followUpProblems.paused);
    case 'expired':
      return problem(followUpProblems.expired);
    case 'failed':
      return problem(followUpProblems.templateGone);
    case 'sent':
    case 'delivered':
    case 'read':
      return { ...base, sentAs: 'text', sentAt: SENT_AT, conversationMessageId: 'm-maria' };
    default:
      return base;
  }
}

/** Where the server's word takes the follow-up next, from each status (its real life). */
const nextStatuses: Record<FollowUpStatus, FollowUpStatus[]> = {
  scheduled: ['sending', 'waiting_connection', 'paused', 'cancelled'],
  waiting_connection: ['expired'],
  paused: ['scheduled'],
  sending: ['sent', 'failed'],
  sent: ['delivered'],
  delivered: ['read'],
  read: [],
  failed: [],
  expired: [],
  cancelled: [],
};

const scenario = (status: FollowUpStatus, summary: string) => ({
  name: status,
  summary,
  input: { followUp: followUpAt(status) },
});

const statusOf = (snapshot: FollowUpStatusSnapshot) => snapshot.context.followUp.status;
const requesting = (snapshot: FollowUpStatusSnapshot): FollowUpCommand | null =>
  snapshot.matches({ requesting: 'sendNow' })
    ? 'send_now'
    : snapshot.matches({ requesting: 'resume' })
      ? 'resume'
      : null;

export const followUpStatusPathModel = {
  chart: 'follow-up-status',
  title: "One follow-up on its task's page: where it stands, live, and what the owner can do about it",
  machine: followUpStatusMachine,
  scenarios: [
    scenario('scheduled', "The owner opens the task; Maria's follow-up is scheduled"),
    scenario('expired', "The owner opens the task; Maria's follow-up waited past the cut-off"),
    scenario('failed', "The owner opens the task; Maria's follow-up failed (the template is gone)"),
    scenario('paused', "The owner opens the task; Maria's follow-ups are paused (answered from the phone)"),
  ] as const,

  events(snapshot: FollowUpStatusSnapshot): FollowUpStatusEvent[] {
    // The server's own followup.changed for "Enviar agora" may come before its answer.
    if (requesting(snapshot) === 'send_now' && statusOf(snapshot) !== 'scheduled')
      return [{ type: 'CHANGED', followUp: followUpAt('scheduled') }];
    if (requesting(snapshot)) return [];
    return [
      ...nextStatuses[statusOf(snapshot)].map(
        (status): FollowUpStatusEvent => ({ type: 'CHANGED', followUp: followUpAt(status) }),
      ),
      { type: 'SEND_NOW' },
      { type: 'RESUME' },
    ];
  },

  actors: [
    {
      id: 'sendNow',
      src: 'sendNow',
      outputs: [followUpAt('scheduled')],
      errors: [new Error(NOT_SENDABLE_TEXT)],
    },
    {
      id: 'resume',
      src: 'resume',
      outputs: [followUpAt('scheduled')],
      errors: [new Error(RESUME_FAILED_TEXT)],
    },
  ],

  serializeState(snapshot: FollowUpStatusSnapshot): string {
    const { followUp } = snapshot.context;
    return JSON.stringify([snapshot.value, followUp.status, followUp.problem?.code ?? null]);
  },

  coverageKey(snapshot: FollowUpStatusSnapshot): string {
    return JSON.stringify(snapshot.value);
  },

  describeState(snapshot: FollowUpStatusSnapshot): string {
    const { followUp } = snapshot.context;
    const command = requesting(snapshot);
    if (command === 'send_now')
      return `"Enviar agora" asked of the server (the follow-up ${followUp.status})`;
    if (command === 'resume') return '"Retomar follow-ups" asked of the server';
    const problem = followUp.problem ? `, problem ${followUp.problem.code}` : '';
    return `The follow-up is ${followUp.status}${problem}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'CHANGED':
        return `The server says the follow-up is now ${(event.followUp as FollowUpMessage).status} (followup.changed)`;
      case 'SEND_NOW':
        return `The owner clicks "${followUpCommandTexts.sendNow}"`;
      case 'RESUME':
        return `The owner clicks "${followUpCommandTexts.resume}"`;
      case 'xstate.done.actor.sendNow':
        return 'The server takes it: the follow-up is scheduled again, to go out at once';
      case 'xstate.error.actor.sendNow':
        return 'The server refuses (409): it is already on its way';
      case 'xstate.done.actor.resume':
        return "The server resumes the customer's follow-ups: this one is scheduled again";
      case 'xstate.error.actor.resume':
        return 'Resuming fails (500)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type FollowUpStatusUserAction =
  | { do: 'open'; followUp: FollowUpMessage }
  /** The follow-up moves on the server (its real life), which tells the page (followup.changed). */
  | { do: 'server-moves'; followUp: FollowUpMessage }
  | { do: 'click'; button: string }
  /** Answer the pending command: taken (the follow-up as the server then holds it) or refused. */
  | { do: 'answer'; command: FollowUpCommand; followUp: FollowUpMessage }
  | { do: 'answer'; command: FollowUpCommand; status: 409 | 500; error: string };

export interface FollowUpStatusScreen {
  /** The follow-up the badge and the problem show (the driver words its badge). */
  followUp: FollowUpMessage;
  /** The problem's text, or null. */
  problem: string | null;
  /** The command buttons offered, in order, with whether they can be pressed. */
  buttons: Array<{ label: string; enabled: boolean }>;
  /** The toast the step raises (a command's outcome), or null. */
  toast: string | null;
}

export interface FollowUpStatusStepPlan {
  actions: FollowUpStatusUserAction[];
  screen: FollowUpStatusScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: FollowUpStatusSnapshot }>;
}

/** The command buttons a follow-up's problem offers, as the view shows them in this state. */
function buttonsOf(state: FollowUpStatusSnapshot): FollowUpStatusScreen['buttons'] {
  const command = requesting(state);
  const actions = state.context.followUp.problem?.actions ?? [];
  const buttons: FollowUpStatusScreen['buttons'] = [];
  for (const action of actions) {
    if (action === 'send_now' && (command === 'send_now' || state.can({ type: 'SEND_NOW' })))
      buttons.push(
        command === 'send_now'
          ? { label: followUpCommandTexts.sendingNow, enabled: false }
          : { label: followUpCommandTexts.sendNow, enabled: command === null },
      );
    if (action === 'resume' && (command === 'resume' || state.can({ type: 'RESUME' })))
      buttons.push(
        command === 'resume'
          ? { label: followUpCommandTexts.resuming, enabled: false }
          : { label: followUpCommandTexts.resume, enabled: command === null },
      );
  }
  return buttons;
}

function actionsFor(event: AnyEventObject, state: FollowUpStatusSnapshot, index: number) {
  const actions: FollowUpStatusUserAction[] = [];
  if (index === 0) return [{ do: 'open', followUp: state.context.followUp } as const];
  switch (event.type) {
    case 'CHANGED':
      actions.push({ do: 'server-moves', followUp: event.followUp as FollowUpMessage });
      break;
    case 'SEND_NOW':
      actions.push({ do: 'click', button: followUpCommandTexts.sendNow });
      break;
    case 'RESUME':
      actions.push({ do: 'click', button: followUpCommandTexts.resume });
      break;
    case 'xstate.done.actor.sendNow':
      actions.push({ do: 'answer', command: 'send_now', followUp: event.output as FollowUpMessage });
      break;
    case 'xstate.error.actor.sendNow':
      actions.push({ do: 'answer', command: 'send_now', status: 409, error: NOT_SENDABLE_TEXT });
      break;
    case 'xstate.done.actor.resume':
      actions.push({ do: 'answer', command: 'resume', followUp: event.output as FollowUpMessage });
      break;
    case 'xstate.error.actor.resume':
      actions.push({ do: 'answer', command: 'resume', status: 500, error: RESUME_FAILED_TEXT });
      break;
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
  return actions;
}

function toastOf(event: AnyEventObject): string | null {
  switch (event.type) {
    case 'xstate.done.actor.sendNow':
      return followUpCommandTexts.sentNow;
    case 'xstate.done.actor.resume':
      return followUpCommandTexts.resumed;
    case 'xstate.error.actor.sendNow':
      return NOT_SENDABLE_TEXT;
    case 'xstate.error.actor.resume':
      return RESUME_FAILED_TEXT;
    default:
      return null;
  }
}

/** What to do at step `index` of a follow-up-status path, and what the owner must then see. */
export function planFollowUpStatusStep(path: PlannablePath, index: number): FollowUpStatusStepPlan {
  const { event, state } = path.steps[index]!;
  const { followUp } = state.context;
  return {
    actions: actionsFor(event, state, index),
    screen: {
      followUp,
      problem: followUp.problem?.text ?? null,
      buttons: buttonsOf(state),
      toast: toastOf(event),
    },
  };
}
