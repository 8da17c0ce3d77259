import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import { TOAST_VISIBLE_MAX } from './toast.defaults';
import { toastMachine } from './toast.machine';
import type { DismissReason, ToastData, ToastOutput, ToastPromise } from './toast.types';

export type ToastActorRef = ActorRefFrom<typeof toastMachine>;

/** One toast the toaster knows, in arrival order. */
export interface ToastEntry {
  /** The caller's id (several entries may share it while an old one is leaving). */
  id: string;
  /** The actor's own id among the toaster's children, unique for the toaster's life. */
  key: string;
  ref: ToastActorRef;
  /** It has been given a place on screen. */
  revealed: boolean;
}

export interface ToasterContext {
  toasts: ToastEntry[];
  held: boolean;
  created: number;
  visibleMax: number;
  now: (() => number) | undefined;
}

export interface ToasterInput {
  visibleMax?: number;
  now?: () => number;
}

export type ToasterEvent =
  | { type: 'SHOW'; toast: ToastData; promise?: ToastPromise }
  | { type: 'DISMISS'; id: string; reason?: DismissReason }
  | { type: 'DISMISS_ALL'; reason?: DismissReason }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: `xstate.done.actor.${string}`; output: ToastOutput };

const donePrefix = 'xstate.done.actor.';

/** The entry that still takes updates for this id (not one on its way out). */
function liveEntry(toasts: ToastEntry[], id: string): ToastEntry | undefined {
  return toasts.find((t) => t.id === id && t.ref.getSnapshot().can({ type: 'UPDATE', toast: {} }));
}

/**
 * All toasts of the app (spec §2, §4): spawns one toast actor per toast, keeps them in arrival
 * order, gives a place on screen to at most `visibleMax` (the others wait their turn; a toast keeps
 * its place until its exit animation ends), routes updates (SHOW with a live id) and dismissals by id, and forgets a
 * toast when it ends.
 */
export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
    input: {} as ToasterInput,
  },
  actors: { toast: toastMachine },
  actions: {
    showOrUpdate: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SHOW') return;
      const existing = liveEntry(context.toasts, event.toast.id);
      if (existing && !event.promise) {
        const { id: _id, ...patch } = event.toast;
        enqueue.sendTo(existing.ref, { type: 'UPDATE', toast: patch });
        return;
      }
      // A promise toast with the id of a live toast takes its place: the old one leaves.
      if (existing) enqueue.sendTo(existing.ref, { type: 'DISMISS', reason: 'programmatic' });
      enqueue.assign(({ context, spawn }) => {
        const key = `toast-${context.created + 1}`;
        const ref = spawn('toast', {
          id: key,
          input: { toast: event.toast, promise: event.promise, held: context.held, now: context.now },
        });
        return {
          created: context.created + 1,
          toasts: [...context.toasts, { id: event.toast.id, key, ref, revealed: false }],
        };
      });
    }),
    dismiss: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS') return;
      for (const entry of context.toasts.filter((t) => t.id === event.id)) {
        enqueue.sendTo(entry.ref, { type: 'DISMISS', reason: event.reason ?? 'programmatic' });
      }
    }),
    dismissAll: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS_ALL') return;
      for (const entry of context.toasts) {
        enqueue.sendTo(entry.ref, { type: 'DISMISS', reason: event.reason ?? 'programmatic' });
      }
    }),
    broadcast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PAUSE' && event.type !== 'RESUME') return;
      for (const entry of context.toasts) enqueue.sendTo(entry.ref, { type: event.type });
    }),
    hold: assign({ held: true }),
    release: assign({ held: false }),
    forget: enqueueActions(({ context, event, enqueue }) => {
      const key = event.type.slice(donePrefix.length);
      const entry = context.toasts.find((t) => t.key === key);
      if (!entry) return;
      enqueue.stopChild(entry.ref);
      enqueue.assign({ toasts: context.toasts.filter((t) => t !== entry) });
    }),
    // Give free places on screen to the oldest waiting toasts.
    revealWaiting: enqueueActions(({ context, enqueue }) => {
      let free = context.visibleMax - context.toasts.filter((t) => t.revealed).length;
      if (free <= 0 || context.toasts.every((t) => t.revealed)) return;
      const toasts = context.toasts.map((entry) => {
        if (entry.revealed || free <= 0) return entry;
        free -= 1;
        enqueue.sendTo(entry.ref, { type: 'REVEAL' });
        return { ...entry, revealed: true };
      });
      enqueue.assign({ toasts });
    }),
  },
}).createMachine({
  id: 'toaster',
  context: ({ input }) => ({
    toasts: [],
    held: false,
    created: 0,
    visibleMax: input.visibleMax ?? TOAST_VISIBLE_MAX,
    now: input.now,
  }),
  on: {
    SHOW: { actions: ['showOrUpdate', 'revealWaiting'] },
    DISMISS: { actions: 'dismiss' },
    DISMISS_ALL: { actions: 'dismissAll' },
    PAUSE: { actions: ['hold', 'broadcast'] },
    RESUME: { actions: ['release', 'broadcast'] },
    'xstate.done.actor.*': { actions: ['forget', 'revealWaiting'] },
  },
});

/** The toasts that have a place on screen, oldest first. */
export function revealedToasts(context: ToasterContext): ToastEntry[] {
  return context.toasts.filter((t) => t.revealed);
}
