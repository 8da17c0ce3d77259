import { assign, emit, fromPromise, setup } from 'xstate';
import { navigateEvent } from '../navigate-event';

export interface RootEntryInput {
  /** The landing address's search ("?utm_source=…", or "" when it carries none). */
  search: string;
}

export interface RootEntryContext {
  search: string;
  /** Where the session sends the person ("/login", "/home", …); null until the session is known. */
  destination: string | null;
}

export type RootEntryEvent =
  /** Where the session decides the person goes (null while it is still being checked). */
  { type: 'SESSION'; destination: string | null };

/**
 * "/" (spec §2): referral data in the address is captured first (`capturing`, skipped when the
 * address carries none; a failed capture is only logged and never stops the person), while the
 * session is checked; once both are done the chart emits `navigate` (replacing "/") to where the
 * session decided: /login, /onboarding, /paywall or /home.
 */
export const rootEntryMachine = setup({
  types: {
    context: {} as RootEntryContext,
    events: {} as RootEntryEvent,
    input: {} as RootEntryInput,
    emitted: {} as ReturnType<typeof navigateEvent>,
  },
  actors: {
    /** Runs every referral capture on the search; rejects when one failed (already logged). */
    captureReferral: fromPromise<void, { search: string }>(async () => {
      throw new Error('No referral capture was provided');
    }),
  },
  actions: {
    remember: assign(({ event }) => ({ destination: event.destination })),
    leave: emit(({ context }) => navigateEvent(context.destination ?? '/', true)),
  },
  guards: {
    noReferral: ({ context }) => context.search === '',
    sessionKnown: ({ context }) => context.destination !== null,
    decided: ({ event }) => event.destination !== null,
  },
}).createMachine({
  id: 'rootEntry',
  context: ({ input }) => ({ search: input.search, destination: null }),
  initial: 'capturing',
  states: {
    capturing: {
      description: 'The referral captures run on the address; the loading status meanwhile.',
      always: { guard: 'noReferral', target: 'waiting' },
      invoke: {
        id: 'captureReferral',
        src: 'captureReferral',
        input: ({ context }) => ({ search: context.search }),
        // A failed capture was logged by the capture itself: the person goes on all the same.
        onDone: [{ guard: 'sessionKnown', target: 'leaving' }, { target: 'waiting' }],
        onError: [{ guard: 'sessionKnown', target: 'leaving' }, { target: 'waiting' }],
      },
      on: { SESSION: { actions: 'remember' } },
    },
    waiting: {
      description: 'Referral data captured (or none): waiting for the session check.',
      on: { SESSION: { guard: 'decided', target: 'leaving', actions: 'remember' } },
    },
    leaving: {
      type: 'final',
      description: 'Off to where the session decided, replacing "/" in the history.',
      entry: 'leave',
    },
  },
});
