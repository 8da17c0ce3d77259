import { assign, emit, fromPromise, setup } from 'xstate';
import { type Submission, settledSubmission, submissionOf, textHash } from '../../contracts/submission';
import type { Task, TaskInput } from '../../contracts/tasks';
import { type CallFailure, callFailureOf } from '../phone-verification/call-failure';
import { defaultTime, dueAtIso, dueDay, isTime, type QuickTaskDay } from './quick-task-due';

export type { QuickTaskDay } from './quick-task-due';

export interface QuickTaskCustomer {
  id: string;
  name: string;
}

/** What the sheet holds: a title, when, and optionally who. */
export interface QuickTaskDraft {
  title: string;
  day: QuickTaskDay;
  /** yyyy-mm-dd; read only when `day` is 'pick'. */
  date: string;
  /** HH:mm, local time. */
  time: string;
  customer: QuickTaskCustomer | null;
}

/** A field SUBMIT found empty (or malformed): the view says what is missing beside it. */
export type QuickTaskField = 'title' | 'date' | 'time';

export interface QuickTaskInput {
  /** The clock, in ms; `Date.now` by default. "Hoje", "Amanhã" and the default time read it. */
  now?: () => number;
  /**
   * New for each sheet the view mounts (the chart stays pure). A submission's key is this id, the
   * tasks saved so far and the body's hash: the same draft sent again goes with the same key.
   */
  formId: string;
}

/** POST /api/tasks as the sheet makes it. */
export interface CreateQuickTaskInput {
  body: TaskInput;
  idempotencyKey: string;
}

export interface QuickTaskContext {
  now: () => number;
  draft: QuickTaskDraft;
  missing: QuickTaskField[];
  /** Why the last save failed (a 400's issues point at fields: title, dueAt, customerId). */
  failure: CallFailure | null;
  /** The task the last save created. */
  created: Task | null;
  formId: string;
  /** Tasks this sheet saved: the next one is a new create, even with the same fields. */
  saves: number;
  /**
   * The save on its way or last tried: "Salvar" again with the same draft (after a time-out or a
   * lost connection) sends its Idempotency-Key again; a changed draft, or the next task after one
   * was saved, gets a new key.
   */
  submission: Submission | null;
}

export type QuickTaskEvent =
  /** The "+" button. */
  | { type: 'OPEN' }
  /** Esc, the backdrop, a swipe down or "Fechar". */
  | { type: 'CLOSE' }
  | { type: 'CHANGE_TITLE'; title: string }
  /** The chips "Hoje", "Amanhã", "Escolher data". */
  | { type: 'CHOOSE_DAY'; day: QuickTaskDay }
  | { type: 'CHANGE_DATE'; date: string }
  | { type: 'CHANGE_TIME'; time: string }
  /** null removes the customer. */
  | { type: 'CHOOSE_CUSTOMER'; customer: QuickTaskCustomer | null }
  /** "Salvar". */
  | { type: 'SUBMIT' };

export function emptyDraft(now: number): QuickTaskDraft {
  return { title: '', day: 'today', date: '', time: defaultTime(now), customer: null };
}

/** Nothing the person chose yet: reopening it may start over with a fresh time. */
function isPristine(draft: QuickTaskDraft): boolean {
  return draft.title === '' && draft.day === 'today' && draft.customer === null;
}

/** What is missing for a save, in the order of the form. */
export function missingFields(draft: QuickTaskDraft, now: number): QuickTaskField[] {
  const missing: QuickTaskField[] = [];
  if (draft.title.trim() === '') missing.push('title');
  if (dueDay(draft.day, draft.date, now) === null) missing.push('date');
  if (!isTime(draft.time)) missing.push('time');
  return missing;
}

/** POST /api/tasks's body for a complete draft: a one-off task, no follow-up message. */
export function taskInputOf(draft: QuickTaskDraft, now: number): TaskInput {
  const day = dueDay(draft.day, draft.date, now);
  if (day === null) throw new Error('A draft without a day cannot be saved');
  return {
    title: draft.title.trim(),
    dueAt: dueAtIso(day, draft.time),
    customerId: draft.customer?.id ?? null,
    recurrence: 'none',
  };
}

const without = (missing: QuickTaskField[], ...fields: QuickTaskField[]) =>
  missing.filter((field) => !fields.includes(field));

/**
 * The quick-add task bottom sheet on /home (issue 5): closed → open (the pixel event "create-task
 * bottom sheet opened") → saving → saved (the sheet closes; "task created") or failed (the
 * server's reason beside the field it names; edit or save again). Esc, the backdrop or a swipe
 * down close it, keeping what was typed for the next time; a saved task starts the next one fresh.
 */
/** What the sheet tells the app once a task is saved (the app says so in a toast). */
export type QuickTaskEmitted = { type: 'taskCreated'; task: Task };

export const quickTaskMachine = setup({
  types: {
    context: {} as QuickTaskContext,
    events: {} as QuickTaskEvent,
    emitted: {} as QuickTaskEmitted,
    input: {} as QuickTaskInput,
  },
  actors: {
    createTask: fromPromise<Task, CreateQuickTaskInput>(async () => {
      throw new Error('No way to create a task was provided');
    }),
  },
  guards: {
    incomplete: ({ context }) => missingFields(context.draft, context.now()).length > 0,
  },
  actions: {
    /** The sheet opened (analytics: "create-task bottom sheet opened"). */
    opened: () => {},
    /** A task was created (analytics "task created", lists read again); `taskCreated` is emitted too. */
    created: (_, _task: Task) => {},
    freshenDraft: assign(({ context }) =>
      isPristine(context.draft) ? { draft: emptyDraft(context.now()) } : {},
    ),
    forgetProblems: assign({ missing: [], failure: null }),
    editTitle: assign(({ context, event }) =>
      event.type === 'CHANGE_TITLE'
        ? {
            draft: { ...context.draft, title: event.title },
            missing: without(context.missing, 'title'),
            failure: null,
          }
        : {},
    ),
    chooseDay: assign(({ context, event }) =>
      event.type === 'CHOOSE_DAY'
        ? {
            draft: { ...context.draft, day: event.day },
            missing: without(context.missing, 'date'),
            failure: null,
          }
        : {},
    ),
    editDate: assign(({ context, event }) =>
      event.type === 'CHANGE_DATE'
        ? {
            draft: { ...context.draft, day: 'pick' as const, date: event.date },
            missing: without(context.missing, 'date'),
            failure: null,
          }
        : {},
    ),
    editTime: assign(({ context, event }) =>
      event.type === 'CHANGE_TIME'
        ? {
            draft: { ...context.draft, time: event.time },
            missing: without(context.missing, 'time'),
            failure: null,
          }
        : {},
    ),
    chooseCustomer: assign(({ context, event }) =>
      event.type === 'CHOOSE_CUSTOMER'
        ? { draft: { ...context.draft, customer: event.customer }, failure: null }
        : {},
    ),
    nameSubmission: assign({
      submission: ({ context }) =>
        submissionOf(
          taskInputOf(context.draft, context.now()),
          context.submission,
          (body) => `${context.formId}-${context.saves}-${textHash(body)}`,
        ),
    }),
    flagMissing: assign(({ context }) => ({
      missing: missingFields(context.draft, context.now()),
      failure: null,
    })),
  },
}).createMachine({
  id: 'quickTask',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    return {
      now,
      draft: emptyDraft(now()),
      missing: [],
      failure: null,
      created: null,
      formId: input.formId,
      saves: 0,
      submission: null,
    };
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the "+" button shows; a draft typed before waits for the next opening.',
      on: { OPEN: { target: 'open', actions: ['freshenDraft', 'opened'] } },
    },
    open: {
      description: 'The sheet: title, when (Hoje, Amanhã, Escolher data + time), the customer, "Salvar".',
      on: {
        CLOSE: { target: 'closed', actions: 'forgetProblems' },
        CHANGE_TITLE: { actions: 'editTitle' },
        CHOOSE_DAY: { actions: 'chooseDay' },
        CHANGE_DATE: { actions: 'editDate' },
        CHANGE_TIME: { actions: 'editTime' },
        CHOOSE_CUSTOMER: { actions: 'chooseCustomer' },
        SUBMIT: [{ guard: 'incomplete', actions: 'flagMissing' }, { target: 'saving' }],
      },
    },
    saving: {
      description: 'POST /api/tasks; the sheet stays, its controls wait.',
      entry: ['forgetProblems', 'nameSubmission'],
      invoke: {
        id: 'createTask',
        src: 'createTask',
        input: ({ context }) => ({
          body: taskInputOf(context.draft, context.now()),
          idempotencyKey: context.submission!.key,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              created: event.output,
              draft: emptyDraft(context.now()),
              saves: context.saves + 1,
              submission: settledSubmission(context.submission),
            })),
            { type: 'created', params: ({ event }) => event.output },
            // Emitted after the step, so the app may drive other actors (the toaster) from its handler.
            emit(({ event }) => ({ type: 'taskCreated' as const, task: event.output })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
        },
      },
    },
    failed: {
      description: 'The sheet with why the save failed; editing clears it, "Salvar" tries again.',
      on: {
        CLOSE: { target: 'closed', actions: 'forgetProblems' },
        CHANGE_TITLE: { target: 'open', actions: 'editTitle' },
        CHOOSE_DAY: { target: 'open', actions: 'chooseDay' },
        CHANGE_DATE: { target: 'open', actions: 'editDate' },
        CHANGE_TIME: { target: 'open', actions: 'editTime' },
        CHOOSE_CUSTOMER: { target: 'open', actions: 'chooseCustomer' },
        // What was sent was complete, and any edit leaves this state: the same draft again.
        SUBMIT: 'saving',
      },
    },
    saved: {
      description: 'The sheet closed on the new task; the "+" starts the next one from scratch.',
      on: { OPEN: { target: 'open', actions: ['freshenDraft', 'opened'] } },
    },
  },
});
