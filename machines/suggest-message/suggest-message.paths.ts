import type { AnyEventObject } from 'xstate';
import { type AdvisorSource, AI_BUDGET_EXHAUSTED_TEXT, AI_UNAVAILABLE_TEXT } from '../../contracts/advisor';
import { dueAtOf } from '../task-form/task-form.values';
import {
  type SuggestDraft,
  type SuggestMessageEvent,
  type SuggestMessageInput,
  type SuggestMessageSnapshot,
  type SuggestTarget,
  sendBlocker,
  suggestMessageMachine,
} from './suggest-message.machine';
import { suggestMessageTexts } from './suggest-message.texts';

/**
 * The suggest-message chart's path model ("Sugerir mensagem" on a task, a deal and a customer's
 * conversation), and per step what to do in the running app and what the owner must see
 * (`planSuggestMessageStep`), as data for drivers.
 */

export const CUSTOMER_ID = '7c1f4a52-3d6e-4b8a-9f10-2a5b6c7d8e01';
export const CUSTOMER_NAME = 'Maria Silva';
export const TASK_ID = '7c1f4a52-3d6e-4b8a-9f10-2a5b6c7d8e02';
export const DEAL_ID = '7c1f4a52-3d6e-4b8a-9f10-2a5b6c7d8e03';
/** The task's own time (ahead of any clock the paths run on): its follow-up goes then. */
export const TASK_DUE_AT = '2030-01-16T13:00:00.000Z';
/** The customer's window in the first draft: open until then. */
export const WINDOW_CLOSES_AT = '2030-01-15T13:30:00.000Z';
/** The time the owner picks instead (local date and time, as the inputs take them). */
export const LATER_DATE = '2030-01-20';
export const LATER_TIME = '10:00';

export const DRAFT_TEXT =
  'Oi, Maria! Tudo bem? Passando para saber se ficou alguma dúvida sobre o orçamento. Posso reservar um horário para você amanhã?';
export const OTHER_DRAFT_TEXT =
  'Olá, Maria! Seu orçamento continua disponível. Quer que eu confirme o horário?';
export const EDITED_TEXT = 'Oi, Maria! Posso confirmar seu horário de amanhã às 10h?';

/** The server's words for Meta refusing the message (a 502 from the reply route). */
export const SEND_FAILED_TEXT = 'O WhatsApp recusou a mensagem. Tente de novo em instantes.';
/** A save the server could not make (500 in the envelope). */
export const SCHEDULE_FAILED_TEXT = 'Falha interna. Tente de novo em instantes.';

const source: AdvisorSource = {
  kind: 'customer',
  id: CUSTOMER_ID,
  label: CUSTOMER_NAME,
  href: `/customers/${CUSTOMER_ID}`,
};

/** The first draft: written by the configured AI, Maria's window open. */
export const onlineDraft: SuggestDraft = {
  text: DRAFT_TEXT,
  mode: 'online',
  customerId: CUSTOMER_ID,
  customerName: CUSTOMER_NAME,
  sources: [source],
  window: { canSend: true, windowClosesAt: WINDOW_CLOSES_AT },
};
/** The first draft where the company has no working WhatsApp connection. */
export const unconnectedDraft: SuggestDraft = {
  ...onlineDraft,
  window: { canSend: false, windowClosesAt: null },
};
/** "Gerar outra": the offline advisor's draft, Maria's window closed meanwhile. */
export const offlineDraft: SuggestDraft = {
  ...onlineDraft,
  text: OTHER_DRAFT_TEXT,
  mode: 'offline',
  window: { canSend: true, windowClosesAt: null },
};

export type SuggestPlace = 'task' | 'deal' | 'customer';
export const placeOf = (target: SuggestTarget): SuggestPlace =>
  'taskId' in target ? 'task' : 'dealId' in target ? 'deal' : 'customer';

const placeWords: Record<SuggestPlace, string> = {
  task: 'the task',
  deal: 'the deal',
  customer: "Maria's conversation",
};

export const suggestMessagePathModel = {
  chart: 'suggest-message',
  title: '"Sugerir mensagem": a WhatsApp draft the owner edits, then sends now or schedules',
  machine: suggestMessageMachine,
  scenarios: [
    {
      name: 'task',
      summary: 'The owner is on a task for Maria, due tomorrow',
      input: { target: { taskId: TASK_ID }, dueAt: TASK_DUE_AT } as SuggestMessageInput,
    },
    {
      name: 'deal',
      summary: "The owner is on Maria's deal",
      input: { target: { dealId: DEAL_ID } } as SuggestMessageInput,
    },
    {
      name: 'conversation',
      summary: "The owner is on Maria's page, under her conversation",
      input: { target: { customerId: CUSTOMER_ID } } as SuggestMessageInput,
    },
  ] as const,

  events(snapshot: SuggestMessageSnapshot): SuggestMessageEvent[] {
    const { context } = snapshot;
    if (snapshot.matches('idle') || snapshot.matches('done')) return [{ type: 'SUGGEST' }];
    if (snapshot.matches('drafting')) return [{ type: 'CANCEL' }];
    if (snapshot.matches('editing')) {
      const events: SuggestMessageEvent[] = [];
      if (context.text === context.draft?.text) events.push({ type: 'EDIT', text: EDITED_TEXT });
      if (context.draft?.text === DRAFT_TEXT) events.push({ type: 'REGENERATE' });
      if (context.date !== LATER_DATE) events.push({ type: 'SET_WHEN', date: LATER_DATE, time: LATER_TIME });
      return [...events, { type: 'SEND' }, { type: 'SCHEDULE' }, { type: 'CANCEL' }];
    }
    return [{ type: 'RETRY' }, { type: 'BACK' }, { type: 'CANCEL' }];
  },

  actors: [
    {
      id: 'draftMessage',
      src: 'draftMessage',
      outputs: [onlineDraft, unconnectedDraft, offlineDraft],
      errors: [new Error(AI_UNAVAILABLE_TEXT), new Error(AI_BUDGET_EXHAUSTED_TEXT)],
    },
    { id: 'sendMessage', src: 'sendMessage', outputs: [{}], errors: [new Error(SEND_FAILED_TEXT)] },
    {
      id: 'scheduleMessage',
      src: 'scheduleMessage',
      outputs: [{}],
      errors: [new Error(SCHEDULE_FAILED_TEXT)],
    },
  ],

  /** The first draft is online (window open, or no connection); "Gerar outra" brings the offline one. */
  allows(snapshot: SuggestMessageSnapshot, event: AnyEventObject): boolean {
    if (event.type !== 'xstate.done.actor.draftMessage') return true;
    const again = snapshot.context.draft !== null;
    return again === (event.output === offlineDraft);
  },

  serializeState(snapshot: SuggestMessageSnapshot): string {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      context.draft?.text ?? null,
      context.draft?.mode ?? null,
      sendBlocker(context),
      context.text,
      context.date === LATER_DATE,
      context.error,
      context.outcome,
    ]);
  },

  coverageKey(snapshot: SuggestMessageSnapshot): string {
    const { context } = snapshot;
    const value = String(snapshot.value);
    // Each place asks and schedules its own way; the draft shows as its mode and window allow.
    if (value === 'drafting' || value === 'scheduling') return `${value} ${placeOf(context.target)}`;
    if (value === 'editing') return `${value} ${context.draft?.mode} ${sendBlocker(context)}`;
    if (value === 'draftFailed') return `${value} ${context.error}`;
    if (value === 'done')
      return `${value} ${context.outcome} ${context.outcome === 'scheduled' ? placeOf(context.target) : ''}`;
    return value;
  },

  describeState(snapshot: SuggestMessageSnapshot): string {
    const { context } = snapshot;
    switch (snapshot.value) {
      case 'idle':
        return 'Closed: "Sugerir mensagem"';
      case 'drafting':
        return 'The draft is being written';
      case 'draftFailed':
        return `No draft: "${context.error}"`;
      case 'editing': {
        const blocker = sendBlocker(context);
        const send = blocker === null ? 'can be sent now' : `cannot go now (${blocker})`;
        return `The ${context.draft?.mode} draft reads "${context.text}", ${send}`;
      }
      case 'sending':
        return `"Enviando...": "${context.text}"`;
      case 'scheduling':
        return `"Agendando...": "${context.text}"`;
      case 'sendFailed':
        return `The send failed: "${context.error}"`;
      case 'scheduleFailed':
        return `The schedule failed: "${context.error}"`;
      default:
        return context.outcome === 'sent' ? 'Closed: "Mensagem enviada."' : 'Closed: "Mensagem agendada."';
    }
  },

  describeEvent(event: AnyEventObject, before: SuggestMessageSnapshot): string {
    switch (event.type) {
      case 'SUGGEST':
        return `The owner clicks "Sugerir mensagem" on ${placeWords[placeOf(before.context.target)]}`;
      case 'EDIT':
        return `The owner rewrites it: "${event.text}"`;
      case 'SET_WHEN':
        return `The owner picks ${event.date} ${event.time}`;
      case 'REGENERATE':
        return 'The owner clicks "Gerar outra"';
      case 'SEND':
        return 'The owner clicks "Enviar agora"';
      case 'SCHEDULE':
        return 'The owner clicks "Agendar"';
      case 'RETRY':
        return 'The owner clicks "Tentar novamente"';
      case 'BACK':
        return 'The owner clicks "Editar mensagem"';
      case 'CANCEL':
        return 'The owner clicks "Cancelar"';
      case 'xstate.done.actor.draftMessage': {
        const draft = event.output as SuggestDraft;
        const window = !draft.window?.canSend
          ? 'no working connection'
          : draft.window.windowClosesAt
            ? 'window open'
            : 'window closed';
        return `The server answers ${draft.mode === 'online' ? 'an online' : 'an offline'} draft (${window})`;
      }
      case 'xstate.error.actor.draftMessage':
        return (event.error as Error).message === AI_BUDGET_EXHAUSTED_TEXT
          ? "The server refuses: the month's AI budget is used up (429)"
          : 'The AI does not answer (502)';
      case 'xstate.done.actor.sendMessage':
        return 'The server sends it (201)';
      case 'xstate.error.actor.sendMessage':
        return 'Meta refuses the message (502)';
      case 'xstate.done.actor.scheduleMessage':
        return 'The server saves the follow-up';
      case 'xstate.error.actor.scheduleMessage':
        return 'The save fails (500)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type SuggestMessageUserAction =
  | { do: 'open'; place: SuggestPlace }
  /** Answer the pending POST /api/advisor/suggest-message (and the customer's window read with it). */
  | { do: 'answer-draft'; draft: SuggestDraft }
  | { do: 'answer-draft'; status: 429 | 502; error: string }
  | { do: 'type'; field: string; text: string }
  | { do: 'when'; date: string; time: string }
  | { do: 'click'; button: string }
  /** Answer the pending POST /api/customers/{id}/messages. */
  | { do: 'answer-send'; status: 201 }
  | { do: 'answer-send'; status: 502; error: string }
  /** Answer the pending task save: PUT /api/tasks/{id} on a task, POST /api/tasks elsewhere. */
  | { do: 'answer-schedule'; place: SuggestPlace; status: 200 | 201 }
  | { do: 'answer-schedule'; place: SuggestPlace; status: 500; error: string };

export interface SuggestMessageScreen {
  /** The sheet is open. */
  open: boolean;
  /** "Escrevendo sugestão..." */
  drafting: boolean;
  /** The message field's text; null when there is none (drafting, no draft yet). */
  text: string | null;
  /** The offline notice above an offline draft. */
  offline: boolean;
  /** Why "Enviar agora" cannot go, in the owner's words; null when it can (or no draft shows). */
  blocker: string | null;
  /** The failure said, or null. */
  error: string | null;
  /** The sheet's buttons in order (the close "×" left out), and whether each can be pressed. */
  buttons: Array<{ label: string; enabled: boolean }>;
  /** The toast the step ends with (sent or scheduled), or null. */
  toast: string | null;
  /** The step's call reached the server with this body (checked by the layer), or null. */
  sentText: string | null;
}

export interface SuggestMessageStepPlan {
  actions: SuggestMessageUserAction[];
  screen: SuggestMessageScreen;
}

interface PlannablePath {
  scenario: { input: unknown };
  steps: ReadonlyArray<{ event: AnyEventObject; state: SuggestMessageSnapshot }>;
}

const texts = suggestMessageTexts;

function actionsFor(event: AnyEventObject, place: SuggestPlace, index: number): SuggestMessageUserAction[] {
  if (index === 0) return [{ do: 'open', place }];
  switch (event.type) {
    case 'SUGGEST':
      return [{ do: 'click', button: texts.open }];
    case 'EDIT':
      return [{ do: 'type', field: texts.message, text: event.text }];
    case 'SET_WHEN':
      return [{ do: 'when', date: event.date, time: event.time }];
    case 'REGENERATE':
      return [{ do: 'click', button: texts.regenerate }];
    case 'SEND':
      return [{ do: 'click', button: texts.sendNow }];
    case 'SCHEDULE':
      return [{ do: 'click', button: texts.schedule }];
    case 'RETRY':
      return [{ do: 'click', button: texts.retry }];
    case 'BACK':
      return [{ do: 'click', button: texts.back }];
    case 'CANCEL':
      return [{ do: 'click', button: texts.cancel }];
    case 'xstate.done.actor.draftMessage':
      return [{ do: 'answer-draft', draft: event.output as SuggestDraft }];
    case 'xstate.error.actor.draftMessage': {
      const error = (event.error as Error).message;
      return [{ do: 'answer-draft', status: error === AI_BUDGET_EXHAUSTED_TEXT ? 429 : 502, error }];
    }
    case 'xstate.done.actor.sendMessage':
      return [{ do: 'answer-send', status: 201 }];
    case 'xstate.error.actor.sendMessage':
      return [{ do: 'answer-send', status: 502, error: SEND_FAILED_TEXT }];
    case 'xstate.done.actor.scheduleMessage':
      return [{ do: 'answer-schedule', place, status: place === 'task' ? 200 : 201 }];
    case 'xstate.error.actor.scheduleMessage':
      return [{ do: 'answer-schedule', place, status: 500, error: SCHEDULE_FAILED_TEXT }];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function blockerWords(blocker: ReturnType<typeof sendBlocker>): string | null {
  if (blocker === 'unavailable') return texts.unavailable;
  if (blocker === 'windowClosed') return texts.windowClosed;
  return null;
}

/** What to do at step `index` of a suggest-message path, and what the owner must then see. */
export function planSuggestMessageStep(path: PlannablePath, index: number): SuggestMessageStepPlan {
  const { event, state } = path.steps[index]!;
  const { context } = state;
  const place = placeOf((path.scenario.input as SuggestMessageInput).target);
  const value = String(state.value);
  const open = !['idle', 'done'].includes(value);
  const busy = value === 'sending' || value === 'scheduling';
  const failed = value === 'draftFailed' || value === 'sendFailed' || value === 'scheduleFailed';
  const showsDraft = context.draft !== null && value !== 'drafting' && value !== 'draftFailed';
  const canSend = context.text.trim() !== '' && sendBlocker(context) === null;
  // A path's default time is the next full hour when the paths were made, the screen's when the step
  // runs: past an hour's turn the first is behind the clock, the second not. Every time the paths
  // hold was ahead when set (none picks a past one), so whether it is whole decides.
  const canSchedule = context.text.trim() !== '' && dueAtOf(context.date, context.time) !== null;
  const buttons: SuggestMessageScreen['buttons'] = !open
    ? []
    : failed
      ? [
          { label: texts.retry, enabled: true },
          ...(value !== 'draftFailed' || context.draft !== null
            ? [{ label: texts.back, enabled: true }]
            : []),
          { label: texts.cancel, enabled: true },
        ]
      : value === 'drafting'
        ? [{ label: texts.cancel, enabled: true }]
        : [
            { label: texts.regenerate, enabled: !busy },
            { label: value === 'sending' ? texts.sending : texts.sendNow, enabled: !busy && canSend },
            {
              label: value === 'scheduling' ? texts.scheduling : texts.schedule,
              enabled: !busy && canSchedule,
            },
            // A send or schedule on its way cannot be called back: no "Cancelar" meanwhile.
            ...(busy ? [] : [{ label: texts.cancel, enabled: true }]),
          ];
  const sent =
    event.type === 'xstate.done.actor.sendMessage' || event.type === 'xstate.done.actor.scheduleMessage';
  const previous = index > 0 ? path.steps[index - 1]!.state.context.text.trim() : null;
  return {
    actions: actionsFor(event, place, index),
    screen: {
      open,
      drafting: value === 'drafting',
      text: showsDraft ? context.text : null,
      offline: showsDraft && context.draft?.mode === 'offline',
      blocker: showsDraft ? blockerWords(sendBlocker(context)) : null,
      error: context.error,
      buttons,
      toast:
        event.type === 'xstate.done.actor.sendMessage'
          ? texts.sent
          : event.type === 'xstate.done.actor.scheduleMessage'
            ? texts.scheduled
            : null,
      sentText: sent ? previous : null,
    },
  };
}
