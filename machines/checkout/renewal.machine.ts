import { assign, emit, fromPromise, setup } from 'xstate';
import type { PaidSubscription } from '../../contracts/billing';
import { failureMessage } from '../failure-message';

export interface RenewalInput {
  /** The subscription, as the summary shows it, ends at the period's end instead of renewing. */
  cancelAtPeriodEnd: boolean;
}

export interface RenewalContext {
  cancelAtPeriodEnd: boolean;
  /** The text of the last failed save. */
  error: string | null;
}

export type RenewalEvent =
  /** The person asks for the opposite of what the subscription does now. */
  { type: 'CHANGE' } | { type: 'CONFIRM' } | { type: 'BACK' };

export interface RenewalOutput {
  subscription: PaidSubscription | null;
}

/** Emitted once a save went through: the saved subscription, for the summary (and a word to the person). */
export interface RenewalSavedEvent extends RenewalOutput {
  type: 'saved';
}

/**
 * /settings, the subscription's renewal: cancelling at the end of the period is confirmed first;
 * keeping it renewing (undoing that) is saved at once. A save that fails says why and leaves the
 * choice open, to try again or go back.
 */
export const renewalMachine = setup({
  types: {
    context: {} as RenewalContext,
    events: {} as RenewalEvent,
    input: {} as RenewalInput,
    emitted: {} as RenewalSavedEvent,
  },
  actors: {
    saveRenewal: fromPromise<RenewalOutput, { cancelAtPeriodEnd: boolean }>(async () => {
      throw new Error('Nothing to save to');
    }),
  },
  guards: {
    renews: ({ context }) => !context.cancelAtPeriodEnd,
  },
}).createMachine({
  id: 'renewal',
  context: ({ input }) => ({ cancelAtPeriodEnd: input.cancelAtPeriodEnd, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The summary, with the button that changes the renewal.',
      on: {
        CHANGE: [{ guard: 'renews', target: 'confirming' }, { target: 'saving' }],
      },
    },
    confirming: {
      description: 'Asks before the change is saved; the last failed save’s text, if any.',
      on: {
        CONFIRM: 'saving',
        BACK: { target: 'idle', actions: assign({ error: null }) },
      },
    },
    saving: {
      description: 'The opposite of the current choice is being saved.',
      entry: assign({ error: null }),
      invoke: {
        id: 'saveRenewal',
        src: 'saveRenewal',
        input: ({ context }) => ({ cancelAtPeriodEnd: !context.cancelAtPeriodEnd }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ cancelAtPeriodEnd: ({ context }) => !context.cancelAtPeriodEnd }),
            emit(({ event }) => ({ type: 'saved' as const, subscription: event.output.subscription })),
          ],
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
  },
});
