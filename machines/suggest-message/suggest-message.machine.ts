import { type ActorRefFrom, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AdvisorMode, AdvisorSource } from '../../contracts/advisor';
import { failureMessage } from '../failure-message';
import { dueAtOf, localDateOf, localTimeOf, nextFullHour } from '../task-form/task-form.values';

/** What the suggestion is about: exactly one of a task, a deal or a customer's conversation. */
export type SuggestTarget = { taskId: string } | { dealId: string } | { customerId: string };

/** The customer's side of sending, as the reply box reads it (GET /api/customers/{id}/whatsapp). */
export interface SuggestWindow {
  /** The company's connection can send now. */
  canSend: boolean;
  /** ISO 8601: when the customer's 24-hour window closes; null when it is closed. */
  windowClosesAt: string | null;
}

/** The draft as POST /api/advisor/suggest-message answers it, with the customer's window beside it. */
export interface SuggestDraft {
  text: string;
  mode: AdvisorMode;
  customerId: string;
  customerName: string;
  sources: AdvisorSource[];
  /** Null when it could not be read: "Enviar agora" is offered and the server has the last word. */
  window: SuggestWindow | null;
}

export interface SuggestMessageInput {
  target: SuggestTarget;
  /** A task's own due time: its follow-up goes then, so scheduling starts from it while ahead. */
  dueAt?: string | null;
}

/** "Enviar agora": the reply route, to the draft's customer. */
export interface SendInput {
  customerId: string;
  text: string;
}

/** "Agendar": the task's follow-up (a task) or a new task with it (a deal, a conversation). */
export interface ScheduleInput {
  target: SuggestTarget;
  customerId: string;
  customerName: string;
  text: string;
  /** ISO 8601. */
  dueAt: string;
}

export interface SuggestMessageContext {
  target: SuggestTarget;
  taskDueAt: string | null;
  /** The last draft the server wrote; kept while another is asked for, so a failure can go back to it. */
  draft: SuggestDraft | null;
  /** What the owner made of it (the field). */
  text: string;
  /** "Agendar para": local date (yyyy-mm-dd) and time (HH:mm), as the inputs hold them. */
  date: string;
  time: string;
  /** The last call's failure, in the words shown (pt-BR). */
  error: string | null;
  /** How the last suggestion ended (`done`), until the next one. */
  outcome: 'sent' | 'scheduled' | null;
}

export type SuggestMessageEvent =
  /** "Sugerir mensagem": asks for a draft. */
  | { type: 'SUGGEST' }
  | { type: 'EDIT'; text: string }
  | { type: 'SET_WHEN'; date: string; time: string }
  /** "Gerar outra": another draft replaces this one. */
  | { type: 'REGENERATE' }
  | { type: 'SEND' }
  | { type: 'SCHEDULE' }
  /** "Tentar novamente" after a failure: the same call again. */
  | { type: 'RETRY' }
  /** Back to the draft after a failure, text as it was. */
  | { type: 'BACK' }
  /** "Cancelar" / closing the sheet: nothing is sent. */
  | { type: 'CANCEL' };

export type SuggestMessageEmitted =
  | { type: 'sent'; customerId: string }
  | { type: 'scheduled'; target: SuggestTarget; customerId: string };

const filled = (text: string) => text.trim().length > 0;

/** When "Agendar" starts: the task's due time while it is ahead, else the next full hour. */
function defaultWhen(
  context: Pick<SuggestMessageContext, 'taskDueAt'>,
  now = Date.now(),
): { date: string; time: string } {
  const due = context.taskDueAt ? new Date(context.taskDueAt) : null;
  const when = due && due.getTime() > now ? due : nextFullHour(new Date(now));
  return { date: localDateOf(when), time: localTimeOf(when) };
}

/** The instant "Agendar" would use, or null when the date or time is missing, wrong or not ahead. */
export function scheduledAt(
  context: Pick<SuggestMessageContext, 'date' | 'time'>,
  now = Date.now(),
): string | null {
  const dueAt = dueAtOf(context.date, context.time);
  return dueAt !== null && Date.parse(dueAt) > now ? dueAt : null;
}

/**
 * Why "Enviar agora" cannot go (null: it can): no working connection, or the customer's 24-hour
 * window is closed (free text is refused outside it; scheduling still works, the follow-up goes as
 * the company's template).
 */
export function sendBlocker(
  context: Pick<SuggestMessageContext, 'draft'>,
  now = Date.now(),
): 'unavailable' | 'windowClosed' | null {
  const window = context.draft?.window;
  if (!window) return null;
  if (!window.canSend) return 'unavailable';
  if (window.windowClosesAt === null || Date.parse(window.windowClosesAt) <= now) return 'windowClosed';
  return null;
}

/**
 * "Sugerir mensagem" on a task, a deal or a customer's conversation. `idle` (closed) —SUGGEST→
 * `drafting` (the draft asked for, the customer's window read) → `editing` (the text editable,
 * "Gerar outra", "Enviar agora" when the window lets free text go, "Agendar" at a time ahead) →
 * `sending` / `scheduling` → `done` (closed, emits `sent` / `scheduled` for the toast and caches).
 * A failed draft (`draftFailed`) or send/schedule (`sendFailed` / `scheduleFailed`) says why and
 * offers the same call again; the text is kept. CANCEL closes from anywhere but while a send or a
 * schedule is on its way (it cannot be called back; its outcome is shown). Nothing leaves without
 * SEND or SCHEDULE.
 */
export const suggestMessageMachine = setup({
  types: {
    context: {} as SuggestMessageContext,
    events: {} as SuggestMessageEvent,
    input: {} as SuggestMessageInput,
    emitted: {} as SuggestMessageEmitted,
  },
  actors: {
    draftMessage: fromPromise<SuggestDraft, SuggestTarget>(async () => {
      throw new Error('No way to draft was provided');
    }),
    sendMessage: fromPromise<unknown, SendInput>(async () => {
      throw new Error('No way to send was provided');
    }),
    scheduleMessage: fromPromise<unknown, ScheduleInput>(async () => {
      throw new Error('No way to schedule was provided');
    }),
  },
  actions: {
    forget: assign({ error: null }),
    /** Closed: the next "Sugerir mensagem" starts from nothing. */
    reset: assign({ draft: null, text: '', date: '', time: '', error: null, outcome: null }),
    failed: assign({ error: ({ event }) => failureMessage((event as unknown as { error: unknown }).error) }),
  },
  guards: {
    hasDraft: ({ context }) => context.draft !== null,
    canSend: ({ context }) => filled(context.text) && sendBlocker(context) === null,
    canSchedule: ({ context }) => filled(context.text) && scheduledAt(context) !== null,
  },
}).createMachine({
  id: 'suggestMessage',
  context: ({ input }) => ({
    target: input.target,
    taskDueAt: input.dueAt ?? null,
    draft: null,
    text: '',
    date: '',
    time: '',
    error: null,
    outcome: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Closed: the "Sugerir mensagem" button.',
      entry: 'reset',
      on: { SUGGEST: 'drafting' },
    },
    drafting: {
      description: '"Escrevendo sugestão...": the draft is being written; "Cancelar" closes.',
      entry: 'forget',
      invoke: {
        id: 'draftMessage',
        src: 'draftMessage',
        input: ({ context }) => context.target,
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            draft: event.output,
            text: event.output.text,
            // A new draft keeps the time the owner picked; the first starts from the default.
            ...(context.date === '' ? defaultWhen(context) : {}),
          })),
        },
        onError: { target: 'draftFailed', actions: 'failed' },
      },
      on: { CANCEL: 'idle' },
    },
    draftFailed: {
      description:
        'No draft: why (the AI unavailable, the monthly budget, the server\'s words), "Tentar novamente".',
      on: {
        RETRY: 'drafting',
        BACK: { guard: 'hasDraft', target: 'editing', actions: 'forget' },
        CANCEL: 'idle',
      },
    },
    editing: {
      description:
        'The draft in an editable field (the offline notice in offline mode), "Gerar outra", "Enviar agora", "Agendar" with its date and time.',
      on: {
        EDIT: { actions: assign({ text: ({ event }) => event.text }) },
        SET_WHEN: { actions: assign({ date: ({ event }) => event.date, time: ({ event }) => event.time }) },
        REGENERATE: 'drafting',
        SEND: { guard: 'canSend', target: 'sending' },
        SCHEDULE: { guard: 'canSchedule', target: 'scheduling' },
        CANCEL: 'idle',
      },
    },
    sending: {
      description: '"Enviando...": the message is on its way through the reply route.',
      entry: 'forget',
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({ customerId: context.draft!.customerId, text: context.text.trim() }),
        onDone: {
          target: 'done',
          actions: [
            emit(({ context }) => ({ type: 'sent' as const, customerId: context.draft!.customerId })),
            assign({ outcome: 'sent' }),
          ],
        },
        onError: { target: 'sendFailed', actions: 'failed' },
      },
    },
    scheduling: {
      description: '"Agendando...": the follow-up is being saved on the task (or a new task).',
      entry: 'forget',
      invoke: {
        id: 'scheduleMessage',
        src: 'scheduleMessage',
        input: ({ context }) => ({
          target: context.target,
          customerId: context.draft!.customerId,
          customerName: context.draft!.customerName,
          text: context.text.trim(),
          dueAt: scheduledAt(context)!,
        }),
        onDone: {
          target: 'done',
          actions: [
            emit(({ context }) => ({
              type: 'scheduled' as const,
              target: context.target,
              customerId: context.draft!.customerId,
            })),
            assign({ outcome: 'scheduled' }),
          ],
        },
        onError: { target: 'scheduleFailed', actions: 'failed' },
      },
    },
    sendFailed: {
      description:
        'The send failed: the reply route\'s words, the text kept; "Tentar novamente" or "Editar mensagem".',
      on: { RETRY: 'sending', BACK: { target: 'editing', actions: 'forget' }, CANCEL: 'idle' },
    },
    scheduleFailed: {
      description:
        'The schedule failed: the server\'s words, the text kept; "Tentar novamente" or "Editar mensagem".',
      on: { RETRY: 'scheduling', BACK: { target: 'editing', actions: 'forget' }, CANCEL: 'idle' },
    },
    done: {
      description: 'Sent or scheduled: closed, the toast says which. "Sugerir mensagem" starts over.',
      entry: assign({ draft: null, text: '', date: '', time: '', error: null }),
      on: { SUGGEST: { target: 'drafting', actions: assign({ outcome: null }) } },
    },
  },
});

export type SuggestMessageActor = ActorRefFrom<typeof suggestMessageMachine>;
export type SuggestMessageSnapshot = SnapshotFrom<typeof suggestMessageMachine>;
