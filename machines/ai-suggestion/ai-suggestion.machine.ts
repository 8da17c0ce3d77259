import { assign, emit, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure-message';

export interface AiSuggestionContext {
  /** What the owner decided, once the server agreed. */
  outcome: 'accepted' | 'dismissed' | null;
  /** Why the last try failed: the server's words, until the next try. */
  error: string | null;
}

export type AiSuggestionEvent =
  /** "Aceitar": the task, deal or stage change is made. */
  | { type: 'ACCEPT' }
  /** "Dispensar": the suggestion goes away, nothing is made. */
  | { type: 'DISMISS' };

/**
 * One suggestion card of the conversation watcher: `idle` with "Aceitar" and "Dispensar",
 * `accepting` / `dismissing` the call (both buttons wait), then `done` (the app's provided action
 * refreshes the lists; the card leaves them) or `failed` with the server's words (e.g. decided
 * already, in another tab), where either button tries again.
 */
export const aiSuggestionMachine = setup({
  types: {
    context: {} as AiSuggestionContext,
    events: {} as AiSuggestionEvent,
    /** `decided`: the app refreshes the suggestions and what accepting made. */
    emitted: {} as { type: 'decided'; outcome: 'accepted' | 'dismissed' },
  },
  actors: {
    accept: fromPromise<unknown>(async () => {
      throw new Error('No way to accept was provided');
    }),
    dismiss: fromPromise<unknown>(async () => {
      throw new Error('No way to dismiss was provided');
    }),
  },
  actions: {
    forget: assign({ error: null }),
    remember: assign(({ event }) => ({ error: failureMessage((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'aiSuggestion',
  context: { outcome: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The card: the reason, what it proposes, "Aceitar" and "Dispensar".',
      on: { ACCEPT: 'accepting', DISMISS: 'dismissing' },
    },
    accepting: {
      description: 'The accept call: "Aceitando..."; nothing else can be pressed.',
      entry: 'forget',
      invoke: {
        id: 'accept',
        src: 'accept',
        onDone: {
          target: 'done',
          actions: [assign({ outcome: 'accepted' }), emit({ type: 'decided', outcome: 'accepted' })],
        },
        onError: { target: 'failed', actions: 'remember' },
      },
    },
    dismissing: {
      description: 'The dismiss call: "Dispensando..."; nothing else can be pressed.',
      entry: 'forget',
      invoke: {
        id: 'dismiss',
        src: 'dismiss',
        onDone: {
          target: 'done',
          actions: [assign({ outcome: 'dismissed' }), emit({ type: 'decided', outcome: 'dismissed' })],
        },
        onError: { target: 'failed', actions: 'remember' },
      },
    },
    failed: {
      description: "The server's words on the card; either button tries again.",
      on: { ACCEPT: 'accepting', DISMISS: 'dismissing' },
    },
    done: {
      type: 'final',
      description: 'Decided: "Sugestão aceita." or "Sugestão dispensada." until the list drops it.',
    },
  },
});
