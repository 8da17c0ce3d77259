import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { TOAST_LONGEST_TIMER_MS, TOAST_REMOVAL_DELAY_MS } from './toast.defaults';
import type {
  DismissReason,
  ToastContent,
  ToastData,
  ToastInput,
  ToastOutput,
  ToastPatch,
  ToastPromise,
} from './toast.types';

export type ToastEvent =
  | { type: 'REVEAL' }
  | { type: 'UPDATE'; toast: ToastPatch }
  | { type: 'DISMISS'; reason: DismissReason }
  | { type: 'PAUSE' }
  | { type: 'RESUME' };

export interface ToastContext {
  toast: ToastData;
  promise: ToastPromise | undefined;
  /** Pointer or focus is on the toaster: timers do not run. */
  held: boolean;
  /** Milliseconds left on the timer. */
  remaining: number;
  /** When the running timer last started, on `now()`'s clock. */
  startedAt: number;
  reason: DismissReason | undefined;
  now: () => number;
}

/** The reasons only a person can give; sonner offers no close button or swipe on loading toasts. */
const personalReasons: ReadonlySet<DismissReason> = new Set(['close', 'swipe', 'cancel']);

/** A fetch Response (or anything shaped like one) that came back with `ok: false`. */
function isFailedResponse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}

function withoutUndefined(patch: ToastPatch): ToastPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as ToastPatch;
}

/**
 * One toast's life (spec §4): it waits for its turn, shows, times out (unless loading), can be
 * paused by the pointer or focus, updated, or dismissed; after dismissal it lingers for the exit
 * animation and ends.
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as ToastInput,
    output: {} as ToastOutput,
  },
  actors: {
    settle: fromPromise<unknown, () => Promise<unknown>>(({ input }) => input()),
  },
  guards: {
    // An update before its turn may already have replaced the promise's loading state.
    awaitsPromise: ({ context }) => context.promise !== undefined && context.toast.type === 'loading',
    isLoading: ({ context }) => context.toast.type === 'loading',
    becomesLoading: ({ context }, params: { patch: ToastPatch }) =>
      (params.patch.type ?? context.toast.type) === 'loading',
    allowsDismissal: ({ context }, params: { reason: DismissReason }) =>
      !personalReasons.has(params.reason) || (context.toast.dismissible && context.toast.type !== 'loading'),
    isFailedResponse: (_, params: { output: unknown }) => isFailedResponse(params.output),
  },
  actions: {
    applyPatch: assign({
      toast: ({ context }, params: { patch: ToastPatch }) => ({
        ...context.toast,
        ...withoutUndefined(params.patch),
      }),
    }),
    applySuccess: assign({
      toast: ({ context }, params: { value: unknown }) => ({
        ...context.toast,
        ...safeContent(() => context.promise!.success(params.value), context.toast),
        type: 'success' as const,
      }),
    }),
    applyFailure: assign({
      toast: ({ context }, params: { reason: unknown }) => ({
        ...context.toast,
        ...safeContent(() => context.promise!.error(params.reason), context.toast),
        type: 'error' as const,
      }),
    }),
    restartTimer: assign({
      remaining: ({ context }) => context.toast.duration,
      startedAt: ({ context }) => context.now(),
    }),
    markStart: assign({ startedAt: ({ context }) => context.now() }),
    keepRemaining: assign({
      remaining: ({ context }) => Math.max(0, context.remaining - (context.now() - context.startedAt)),
    }),
    hold: assign({ held: true }),
    release: assign({ held: false }),
    // A timer that starts while the toaster is held starts paused, as in sonner.
    pauseIfHeld: enqueueActions(({ context, enqueue }) => {
      if (context.held) enqueue.raise({ type: 'PAUSE' });
    }),
    keepReason: assign({ reason: (_, params: { reason: DismissReason }) => params.reason }),
  },
  delays: {
    timeLeft: ({ context }) => Math.min(context.remaining, TOAST_LONGEST_TIMER_MS),
    removalDelay: TOAST_REMOVAL_DELAY_MS,
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({
    toast: input.toast,
    promise: input.promise,
    held: input.held ?? false,
    remaining: input.toast.duration,
    startedAt: 0,
    reason: undefined,
    now: input.now ?? Date.now,
  }),
  initial: 'queued',
  // Hover and focus apply to the whole toaster; remember them in any state.
  on: {
    PAUSE: { actions: 'hold' },
    RESUME: { actions: 'release' },
  },
  states: {
    queued: {
      description: 'Created, waiting for a free place on screen.',
      on: {
        REVEAL: [
          { guard: 'awaitsPromise', target: 'shown.loading.promised' },
          { guard: 'isLoading', target: 'shown.loading.manual' },
          { target: 'shown.timed' },
        ],
        UPDATE: { actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.toast }) } },
        DISMISS: {
          target: 'gone',
          actions: { type: 'keepReason', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    shown: {
      initial: 'timed',
      on: {
        UPDATE: [
          {
            guard: { type: 'becomesLoading', params: ({ event }) => ({ patch: event.toast }) },
            target: '.loading.manual',
            reenter: true,
            actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.toast }) },
          },
          {
            target: '.timed',
            reenter: true,
            actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.toast }) },
          },
        ],
        DISMISS: {
          guard: { type: 'allowsDismissal', params: ({ event }) => ({ reason: event.reason }) },
          target: 'leaving',
          actions: { type: 'keepReason', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
      states: {
        loading: {
          description: 'Never times out.',
          initial: 'manual',
          states: {
            manual: { description: 'Until the caller updates it.' },
            promised: {
              description: 'Until its promise settles.',
              invoke: {
                id: 'promise',
                src: 'settle',
                input: ({ context }) => context.promise!.settle,
                onDone: [
                  {
                    guard: { type: 'isFailedResponse', params: ({ event }) => ({ output: event.output }) },
                    target: '#toast.shown.timed',
                    actions: { type: 'applyFailure', params: ({ event }) => ({ reason: event.output }) },
                  },
                  {
                    target: '#toast.shown.timed',
                    actions: { type: 'applySuccess', params: ({ event }) => ({ value: event.output }) },
                  },
                ],
                onError: {
                  target: '#toast.shown.timed',
                  actions: { type: 'applyFailure', params: ({ event }) => ({ reason: event.error }) },
                },
              },
            },
          },
        },
        timed: {
          initial: 'running',
          entry: ['restartTimer', 'pauseIfHeld'],
          states: {
            running: {
              entry: 'markStart',
              after: {
                timeLeft: {
                  target: '#toast.leaving',
                  actions: { type: 'keepReason', params: { reason: 'timeout' } },
                },
              },
              on: { PAUSE: { target: 'paused', actions: ['hold', 'keepRemaining'] } },
            },
            paused: {
              on: { RESUME: { target: 'running', actions: 'release' } },
            },
          },
        },
      },
    },
    leaving: {
      description: 'Dismissed; stays for the exit animation.',
      after: { removalDelay: 'gone' },
    },
    gone: { type: 'final' },
  },
  output: ({ context }) => ({ id: context.toast.id, reason: context.reason }),
});

/** The caller's content functions must not break the chart: fall back to what is shown. */
function safeContent(compute: () => ToastContent, fallback: ToastContent): ToastContent {
  try {
    const content = compute();
    return { title: String(content.title ?? fallback.title), description: content.description };
  } catch {
    return { title: fallback.title, description: fallback.description };
  }
}
