import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure-message';
import { navigateEvent } from '../navigate-event';

export interface ConfirmDeleteInput {
  /**
   * The question is the page itself (/tasks/{id}/delete): asked from the start. Without it the
   * question opens in place when the person presses "Excluir".
   */
  asked?: boolean;
  /** Where the app goes once deleted; without it the screen stays (a stage's row disappears). */
  doneTo?: string;
  /** Leave by replacing the current history entry (a confirmation page is not worth going back to). */
  replace?: boolean;
}

export interface ConfirmDeleteContext {
  asked: boolean;
  doneTo: string | null;
  replace: boolean;
  /** Why the last try failed: the server's words, until the question is asked again or closed. */
  error: string | null;
}

export type ConfirmDeleteEvent =
  /** "Excluir": asks the question (again, after a failure). */
  | { type: 'ASK' }
  /** The red button: deletes; after a failure, tries again. */
  | { type: 'CONFIRM' }
  /** "Cancelar": closes the question. */
  | { type: 'CANCEL' };

/**
 * A delete asked first (a customer, a task, its follow-up, a deal, a stage): `idle` until
 * "Excluir" (or, on a confirmation page, asked from the start), `confirming` the question,
 * `deleting` the call, then `deleted` (the app's provided action shows the toast and refreshes
 * the caches; the chart emits `navigate` when the screen leaves) or `failed` with the server's
 * words (the red button tries again, "Cancelar" closes the question).
 */
export const confirmDeleteMachine = setup({
  types: {
    context: {} as ConfirmDeleteContext,
    events: {} as ConfirmDeleteEvent,
    input: {} as ConfirmDeleteInput,
    /** `deleted`: the app's toast and caches follow; `navigate`: where the screen goes. */
    emitted: {} as ReturnType<typeof navigateEvent> | { type: 'deleted' },
  },
  actors: {
    remove: fromPromise<unknown>(async () => {
      throw new Error('No way to delete was provided');
    }),
  },
  actions: {
    forget: assign({ error: null }),
    /** The screen leaves where the input says; without `doneTo` it stays. */
    leave: enqueueActions(({ context, enqueue }) => {
      if (context.doneTo !== null) enqueue(emit(navigateEvent(context.doneTo, context.replace)));
    }),
  },
  guards: {
    asked: ({ context }) => context.asked,
  },
}).createMachine({
  id: 'confirmDelete',
  context: ({ input }) => ({
    asked: input.asked ?? false,
    doneTo: input.doneTo ?? null,
    replace: input.replace ?? false,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing asked: the "Excluir" button (a confirmation page asks at once).',
      always: { guard: 'asked', target: 'confirming' },
      on: { ASK: 'confirming' },
    },
    confirming: {
      description: 'The question, what it means, the red button and "Cancelar".',
      on: { CONFIRM: 'deleting', CANCEL: 'idle' },
    },
    deleting: {
      description: 'The delete call: the red button says it is deleting; nothing else can be pressed.',
      entry: 'forget',
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: {
          target: 'deleted',
          actions: [emit({ type: 'deleted' }), 'leave'],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: failureMessage(event.error) })),
        },
      },
    },
    failed: {
      description: "The server's words beside the question: try again, close it, or ask it again.",
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'idle', actions: 'forget' },
        ASK: { target: 'confirming', actions: 'forget' },
      },
    },
    deleted: {
      type: 'final',
      description: 'Deleted: the toast; the screen leaves (`navigate`) or what was deleted disappears.',
    },
  },
});
