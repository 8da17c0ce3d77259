import { assign, emit, fromPromise, setup } from 'xstate';
import { type Submission, submissionOf, textHash } from '../../contracts/submission';
import type { Task, TaskInput } from '../../contracts/tasks';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import { callFailureOf } from '../phone-verification/call-failure';
import {
  customerHasPhone,
  dueAtOf,
  type TaskFormCustomer,
  type TaskFormValues,
  taskInputOf,
} from './task-form.values';

/** The form's fields, as errors are placed beside them. */
export type TaskFormField =
  | 'title'
  | 'description'
  | 'due'
  | 'customer'
  | 'recurrence'
  | 'message'
  | 'assignee';

/**
 * What stops a submit, per place in the form (the view words them). `followUp`: the switch is on
 * but the customer has no WhatsApp number (`needsCustomer`), or the message is blank (`empty`).
 */
export interface TaskFormProblems {
  title?: 'required';
  due?: 'required';
  followUp?: 'needsCustomer' | 'empty';
}

export interface TaskFormInput {
  /** null: "Nova tarefa"; else the task being edited. */
  taskId: string | null;
  values: TaskFormValues;
  /**
   * New for each opening of the form (the view makes it; the chart stays pure). A submission's key
   * is this id and its body's hash: the same values sent again go with the same key.
   */
  formId: string;
  /** Where the app goes once the task is saved (the list the form was opened from). */
  backTo: string;
}

/**
 * What the form tells the app once saved: `taskSaved` (analytics, toast, fresh data) and then where
 * to go (`navigate`, replacing the form's address).
 */
export type TaskFormEmitted = { type: 'taskSaved'; task: Task } | NavigateEvent;

export interface TaskFormContext {
  taskId: string | null;
  values: TaskFormValues;
  formId: string;
  backTo: string;
  /**
   * The save on its way or last tried: "Salvar" again with the same values (after a time-out or a
   * lost connection) sends its Idempotency-Key again, so the server answers the task it may have
   * created instead of creating a second; changed values get a new key.
   */
  submission: Submission | null;
  problems: TaskFormProblems;
  /** The server's text for the last save that failed, shown until the person changes something. */
  failure: { message: string; status?: number } | null;
  /** A 400's issues, beside their fields until that field changes. */
  serverIssues: Partial<Record<TaskFormField, string>>;
  saved: Task | null;
}

/** The text fields and choices an EDIT may change (the customer and the switch have their own events). */
export type TaskFormEdit = Partial<
  Pick<
    TaskFormValues,
    'title' | 'description' | 'date' | 'time' | 'recurrence' | 'message' | 'assigneeUserId'
  >
>;

export type TaskFormEvent =
  | { type: 'EDIT'; values: TaskFormEdit }
  /** A customer from the picker, or null for "Sem cliente". */
  | { type: 'PICK_CUSTOMER'; customer: TaskFormCustomer | null }
  /** The follow-up switch. */
  | { type: 'SET_FOLLOW_UP'; on: boolean }
  | { type: 'SUBMIT' };

export interface SaveTaskInput {
  taskId: string | null;
  body: TaskInput;
  /** The submission's Idempotency-Key (a create sends it). */
  idempotencyKey: string;
}

/** Every problem of the values at once, so all of them show after one submit. */
export function problemsOf(values: TaskFormValues): TaskFormProblems {
  const problems: TaskFormProblems = {};
  if (values.title.trim() === '') problems.title = 'required';
  if (dueAtOf(values.date, values.time) === null) problems.due = 'required';
  if (values.followUp && !customerHasPhone(values.customer)) problems.followUp = 'needsCustomer';
  else if (values.followUp && values.message.trim() === '') problems.followUp = 'empty';
  return problems;
}

/** The API's field names (issues[].path) → the form's places. */
const issueFields: Record<string, TaskFormField> = {
  title: 'title',
  description: 'description',
  dueAt: 'due',
  customerId: 'customer',
  recurrence: 'recurrence',
  followUpMessage: 'message',
  assigneeUserId: 'assignee',
};

function without<T extends object>(record: T, keys: ReadonlyArray<keyof T>): T {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

/** The places an edit touches: its problems and server issues are cleared, the rest stay. */
function touched(edit: TaskFormEdit): { problems: Array<keyof TaskFormProblems>; issues: TaskFormField[] } {
  const problems: Array<keyof TaskFormProblems> = [];
  const issues: TaskFormField[] = [];
  if ('title' in edit) {
    problems.push('title');
    issues.push('title');
  }
  if ('description' in edit) issues.push('description');
  if ('date' in edit || 'time' in edit) {
    problems.push('due');
    issues.push('due');
  }
  if ('recurrence' in edit) issues.push('recurrence');
  if ('message' in edit) issues.push('message');
  if ('assigneeUserId' in edit) issues.push('assignee');
  return { problems, issues };
}

/** Writing the message answers "empty", not "needsCustomer" (that one waits for another customer). */
function problemsAfter(problems: TaskFormProblems, edit: TaskFormEdit): TaskFormProblems {
  const left = without(problems, touched(edit).problems);
  return 'message' in edit && left.followUp === 'empty' ? without(left, ['followUp']) : left;
}

/**
 * "Nova tarefa" and editing a task (spec §2 /tasks/new, /home/new, …/edit). The person fills the
 * form (`editing`); a submit with problems stays there with all of them; otherwise the task is
 * saved (`saving`) and the flow ends with it (`saved`), or the server's refusal is shown
 * (`failed`) until they change something or try again.
 *
 * Follow-up rules (guards): the switch turns on only for a customer with a WhatsApp number;
 * picking a customer without one (or none) turns it off; a submit with the switch on needs such a
 * customer and a message.
 */
export const taskFormMachine = setup({
  types: {
    context: {} as TaskFormContext,
    events: {} as TaskFormEvent,
    input: {} as TaskFormInput,
    output: {} as Task,
    emitted: {} as TaskFormEmitted,
  },
  actors: {
    saveTask: fromPromise<Task, SaveTaskInput>(async () => {
      throw new Error('No way to save a task was provided');
    }),
  },
  guards: {
    invalid: ({ context }) => Object.keys(problemsOf(context.values)).length > 0,
    canTurnOn: ({ context, event }) =>
      event.type === 'SET_FOLLOW_UP' && event.on && customerHasPhone(context.values.customer),
    turningOff: ({ event }) => event.type === 'SET_FOLLOW_UP' && !event.on,
    dropsFollowUp: ({ context, event }) =>
      event.type === 'PICK_CUSTOMER' && context.values.followUp && !customerHasPhone(event.customer),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      return {
        values: { ...context.values, ...event.values },
        problems: problemsAfter(context.problems, event.values),
        serverIssues: without(context.serverIssues, touched(event.values).issues),
        failure: null,
      };
    }),
    pickCustomer: assign(({ context, event }) => {
      if (event.type !== 'PICK_CUSTOMER') return {};
      return {
        values: { ...context.values, customer: event.customer },
        problems: without(context.problems, ['followUp']),
        serverIssues: without(context.serverIssues, ['customer']),
        failure: null,
      };
    }),
    switchFollowUp: assign(({ context, event }) => {
      if (event.type !== 'SET_FOLLOW_UP' && event.type !== 'PICK_CUSTOMER') return {};
      const on = event.type === 'SET_FOLLOW_UP' && event.on;
      return {
        values: { ...context.values, followUp: on },
        problems: without(context.problems, ['followUp']),
        serverIssues: without(context.serverIssues, ['message']),
        failure: null,
      };
    }),
    showProblems: assign(({ context }) => ({
      problems: problemsOf(context.values),
      serverIssues: {},
      failure: null,
    })),
    clearProblems: assign({ problems: {}, serverIssues: {}, failure: null }),
    nameSubmission: assign({
      submission: ({ context }) =>
        submissionOf(
          taskInputOf(context.values),
          context.submission,
          (body) => `${context.formId}-${textHash(body)}`,
        ),
    }),
  },
}).createMachine({
  id: 'taskForm',
  context: ({ input }) => ({
    taskId: input.taskId,
    values: input.values,
    formId: input.formId,
    backTo: input.backTo,
    submission: null,
    problems: {},
    failure: null,
    serverIssues: {},
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form, with what stopped the last submit beside its fields until they change.',
      on: {
        EDIT: { actions: 'edit' },
        PICK_CUSTOMER: [
          { guard: 'dropsFollowUp', actions: ['pickCustomer', 'switchFollowUp'] },
          { actions: 'pickCustomer' },
        ],
        SET_FOLLOW_UP: [
          { guard: 'canTurnOn', actions: 'switchFollowUp' },
          { guard: 'turningOff', actions: 'switchFollowUp' },
        ],
        SUBMIT: [
          { guard: 'invalid', actions: 'showProblems' },
          { target: 'saving', actions: 'clearProblems' },
        ],
      },
    },
    saving: {
      description: 'POST /api/tasks (new) or PUT /api/tasks/{id} (edit); the form cannot change meanwhile.',
      entry: 'nameSubmission',
      invoke: {
        id: 'saveTask',
        src: 'saveTask',
        input: ({ context }) => ({
          taskId: context.taskId,
          body: taskInputOf(context.values),
          idempotencyKey: context.submission!.key,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ saved: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'taskSaved' as const, task: event.output })),
            emit(({ context }) => navigateEvent(context.backTo, true)),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const failure = callFailureOf(event.error);
            const message = failure.kind === 'failed' ? failure.message : String(event.error);
            const status = failure.kind === 'failed' ? failure.status : undefined;
            const serverIssues: Partial<Record<TaskFormField, string>> = {};
            for (const issue of failure.kind === 'failed' ? (failure.issues ?? []) : []) {
              const field = issueFields[issue.path];
              if (field && !serverIssues[field]) serverIssues[field] = issue.message;
            }
            return { failure: status === undefined ? { message } : { message, status }, serverIssues };
          }),
        },
      },
    },
    failed: {
      description: 'The server refused or could not be reached: its text, and its issues beside the fields.',
      on: {
        EDIT: { target: 'editing', actions: 'edit' },
        PICK_CUSTOMER: [
          { guard: 'dropsFollowUp', target: 'editing', actions: ['pickCustomer', 'switchFollowUp'] },
          { target: 'editing', actions: 'pickCustomer' },
        ],
        SET_FOLLOW_UP: [
          { guard: 'canTurnOn', target: 'editing', actions: 'switchFollowUp' },
          { guard: 'turningOff', target: 'editing', actions: 'switchFollowUp' },
        ],
        // The values are the ones that passed the checks: trying again needs none.
        SUBMIT: { target: 'saving', actions: 'clearProblems' },
      },
    },
    saved: {
      type: 'final',
      description: 'Saved: the page says so and goes back to the list.',
    },
  },
  output: ({ context }) => context.saved!,
});
