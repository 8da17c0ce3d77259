import { assign, emit, fromPromise, setup } from 'xstate';
import type { Issue } from '../../contracts/envelope';
import { type Submission, settledSubmission, submissionOf, textHash } from '../../contracts/submission';
import { navigateEvent } from '../navigate-event';
import { callFailureOf } from '../phone-verification/call-failure';

/** What a form holds while it is edited: field name → value, as the view's inputs show them. */
export type EntityFormValues = Record<string, unknown>;

/** Field → its message (the first one that names it). */
export type FieldMessages = Record<string, string>;

/** A form's own check of its values before sending: the body to send, or what stops it. */
export type EntityFormCheck =
  | { ok: true; body: unknown }
  | { ok: false; issues: FieldMessages; message?: string | null };

export interface EntityFormInput {
  values: EntityFormValues;
  /**
   * New for each opening of the form (the view makes it; the chart stays pure). A create's
   * Idempotency-Key is this id and its body's hash: the same body sent again goes with the same key.
   */
  formId: string;
  /** The fields a 400's issues are shown beside (`issues[].path` "tags.2" goes to "tags"). */
  fields: readonly string[];
  /** The form's check (the contract's, with the form's own texts). */
  check: (values: EntityFormValues) => EntityFormCheck;
  /** The field a 409's text is shown beside ("Nome" for a taken service name); else above the buttons. */
  conflictField?: string;
  /** Where the app goes once saved; without it the form stays, editable again. */
  doneTo?: string;
  /** The values the form shows once saved (the server's normalised record); unchanged without it. */
  valuesAfterSave?: (saved: unknown) => EntityFormValues;
}

export interface EntityFormContext extends Required<Pick<EntityFormInput, 'fields' | 'check'>> {
  values: EntityFormValues;
  formId: string;
  conflictField: string | null;
  doneTo: string | null;
  valuesAfterSave: ((saved: unknown) => EntityFormValues) | null;
  /** The create on its way or last tried: sent again with the same body, its key is repeated. */
  submission: Submission | null;
  /** Messages beside their fields, until that field changes. */
  issues: FieldMessages;
  /** What no field shows (the server's text), until something changes. */
  message: string | null;
  /** How many submits were refused (local check or server): the view moves the focus on each. */
  refusals: number;
  /** What the last save sent. */
  body: unknown;
  /** The last save's answer. */
  saved: unknown;
  /** Saves that succeeded: part of the next create's key, so a save after a save is a new one. */
  saves: number;
}

export type EntityFormEvent =
  | { type: 'EDIT'; values: EntityFormValues }
  /** "Salvar": checks, then saves; after a failure, the same body again under the same key. */
  | { type: 'SUBMIT' };

export interface SaveEntityInput {
  body: unknown;
  /** The submission's Idempotency-Key (a create sends it; an update may ignore it). */
  idempotencyKey: string;
}

/** A 400's issues beside the fields they name; the rest (or none at all) as the server's text. */
export function placeIssues(
  issues: readonly Issue[],
  fields: readonly string[],
  text: string,
): { issues: FieldMessages; message: string | null } {
  const byField: FieldMessages = {};
  let unplaced = issues.length === 0;
  for (const issue of issues) {
    const head = issue.path.split('.')[0] ?? '';
    if (fields.includes(head)) byField[head] ??= issue.message;
    else unplaced = true;
  }
  return { issues: byField, message: unplaced ? text : null };
}

const failureOf = (error: unknown) => {
  const failure = callFailureOf(error);
  return failure.kind === 'failed' ? failure : { kind: 'failed' as const, message: String(error) };
};

/**
 * A form that saves one record (a deal, a service, a customer, the company): the person edits
 * (`editing`); "Salvar" checks the values and stays with what stops it beside its fields, or sends
 * them (`saving`). The answer: `saved` (the app's provided actions tell analytics, show the toast,
 * refresh the caches; the chart emits `navigate` when the form has somewhere to go), `rejected`
 * (a 400: its issues beside their fields), `conflict` (a 409: its text beside `conflictField`), or
 * `failed` (no answer, 5xx: "Salvar" again sends the same body under the same key).
 */
export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
    /** `saved`: the app's analytics event, toast and caches follow; `navigate`: where the form goes. */
    emitted: {} as ReturnType<typeof navigateEvent> | { type: 'saved'; saved: unknown },
  },
  actors: {
    save: fromPromise<unknown, SaveEntityInput>(async () => {
      throw new Error('No way to save was provided');
    }),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const issues = { ...context.issues };
      for (const field of Object.keys(event.values)) delete issues[field];
      return { values: { ...context.values, ...event.values }, issues, message: null };
    }),
  },
  guards: {
    invalid: ({ context }) => !context.check(context.values).ok,
    conflict: ({ event }) => failureOf((event as { error?: unknown }).error).status === 409,
    refused: ({ event }) => failureOf((event as { error?: unknown }).error).status === 400,
    leaves: ({ context }) => context.doneTo !== null,
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => ({
    values: input.values,
    formId: input.formId,
    fields: input.fields,
    check: input.check,
    conflictField: input.conflictField ?? null,
    doneTo: input.doneTo ?? null,
    valuesAfterSave: input.valuesAfterSave ?? null,
    submission: null,
    body: null,
    issues: {},
    message: null,
    refusals: 0,
    saved: null,
    saves: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form, with what stopped the last submit beside its fields until they change.',
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: [
          {
            guard: 'invalid',
            actions: assign(({ context }) => {
              const checked = context.check(context.values);
              return checked.ok
                ? {}
                : {
                    issues: checked.issues,
                    message: checked.message ?? null,
                    refusals: context.refusals + 1,
                  };
            }),
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      description: 'The save call (POST under the submission key, or PUT); the form cannot change meanwhile.',
      entry: assign(({ context }) => {
        const checked = context.check(context.values);
        const body = checked.ok ? checked.body : null;
        return {
          body,
          issues: {},
          message: null,
          submission: submissionOf(
            body,
            context.submission,
            (json) => `${context.formId}-${context.saves}-${textHash(json)}`,
          ),
        };
      }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ body: context.body, idempotencyKey: context.submission!.key }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              saved: event.output,
              saves: context.saves + 1,
              submission: settledSubmission(context.submission),
              values: context.valuesAfterSave ? context.valuesAfterSave(event.output) : context.values,
            })),
            emit(({ event }) => ({ type: 'saved' as const, saved: event.output })),
          ],
        },
        onError: [
          {
            guard: 'conflict',
            target: 'conflict',
            actions: assign(({ context, event }) => {
              const { message } = failureOf(event.error);
              return context.conflictField
                ? { issues: { [context.conflictField]: message }, refusals: context.refusals + 1 }
                : { message, refusals: context.refusals + 1 };
            }),
          },
          {
            guard: 'refused',
            target: 'rejected',
            actions: assign(({ context, event }) => {
              const failure = failureOf(event.error);
              return {
                ...placeIssues(failure.issues ?? [], context.fields, failure.message),
                refusals: context.refusals + 1,
              };
            }),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({ message: failureOf(event.error).message })),
          },
        ],
      },
    },
    rejected: {
      description: "A 400: its issues beside their fields (the server's text when none names a field).",
      on: { EDIT: { target: 'editing', actions: 'edit' }, SUBMIT: 'saving' },
    },
    conflict: {
      description: 'A 409 (a name or number another record has): its text beside the field it is about.',
      on: { EDIT: { target: 'editing', actions: 'edit' }, SUBMIT: 'saving' },
    },
    failed: {
      description: 'No answer or a 5xx: the server\'s text; "Salvar" sends the same body under the same key.',
      on: { EDIT: { target: 'editing', actions: 'edit' }, SUBMIT: 'saving' },
    },
    saved: {
      description: 'Saved, and the form stays (the company): editable again, "Salvar" saves again.',
      always: { guard: 'leaves', target: 'leaving' },
      on: { EDIT: { target: 'editing', actions: 'edit' }, SUBMIT: 'saving' },
    },
    leaving: {
      type: 'final',
      description: 'Saved, and the app goes where the form leads (`navigate`).',
      entry: emit(({ context }) => navigateEvent(context.doneTo!)),
    },
  },
  output: ({ context }) => context.saved,
});
