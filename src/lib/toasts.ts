import { type ActorRefFrom, createActor } from 'xstate';
import {
  buildPromise,
  buildToast,
  type PromiseMessage,
  type ToastOptions,
} from '../../machines/toasts/toast.build';
import type { ToastType } from '../../machines/toasts/toast.types';
import { toasterMachine } from '../../machines/toasts/toaster.machine';

export type { ToastOptions } from '../../machines/toasts/toast.build';

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;

export interface PromiseToastOptions<T> {
  id?: string | number;
  /** Title while the promise is pending. */
  loading: string;
  /** Content once it resolves (a Response-like value with `ok: false` counts as an error). */
  success: PromiseMessage<T>;
  /** Content once it rejects, or resolves with a failed response. */
  error: PromiseMessage<unknown>;
  description?: string;
  duration?: number;
  dismissible?: boolean;
}

type Show = (title: string, options?: ToastOptions) => string;

/** The app's way to show toasts (sonner's API, over the toasts statechart). Never throws. */
export interface ToastFacade {
  success: Show;
  info: Show;
  warning: Show;
  error: Show;
  loading: Show;
  /** A plain toast (type "default"). */
  message: Show;
  promise<T>(promise: Promise<T> | (() => Promise<T> | T), options: PromiseToastOptions<T>): string;
  /** One toast by id, or all of them. */
  dismiss(id?: string | number): void;
}

function report(error: unknown): void {
  console.warn('[toasts] ignored a failing toast call', error);
}

/** A facade over one toaster actor; the app uses `toast`, tests make their own. */
export function createToastFacade(toaster: ToasterActor): ToastFacade {
  let created = 0;
  const idFor = (options: { id?: string | number } | undefined): string => {
    const given = typeof options === 'object' && options !== null ? options.id : undefined;
    return given === undefined || given === null || given === '' ? `toast-${++created}` : String(given);
  };
  const show =
    (type: ToastType): Show =>
    (title, options) => {
      const id = idFor(options);
      try {
        toaster.send({ type: 'SHOW', toast: buildToast(type, title, options, id) });
      } catch (error) {
        report(error);
      }
      return id;
    };

  return {
    success: show('success'),
    info: show('info'),
    warning: show('warning'),
    error: show('error'),
    loading: show('loading'),
    message: show('default'),
    promise(promise, options) {
      const id = idFor(options);
      try {
        // Start the work now, as the caller expects, even if the toast has to wait for its turn.
        let running: Promise<unknown>;
        try {
          running = Promise.resolve(typeof promise === 'function' ? promise() : promise);
        } catch (error) {
          running = Promise.reject(error);
        }
        // A toast dismissed before it shows never awaits it; its rejection is not "unhandled".
        running.catch(() => {});
        const o =
          typeof options === 'object' && options !== null ? options : ({} as PromiseToastOptions<unknown>);
        toaster.send({
          type: 'SHOW',
          toast: buildToast('loading', o.loading, { ...o, id }, id),
          promise: buildPromise(() => running, {
            success: (o.success ?? '') as PromiseMessage<unknown>,
            error: o.error ?? '',
          }),
        });
      } catch (error) {
        report(error);
      }
      return id;
    },
    dismiss(id) {
      try {
        if (id === undefined || id === null) toaster.send({ type: 'DISMISS_ALL' });
        else toaster.send({ type: 'DISMISS', id: String(id), reason: 'programmatic' });
      } catch (error) {
        report(error);
      }
    },
  };
}

/** The app-wide toaster: one actor for the whole page, rendered by `<AppToaster />`. */
export const appToaster: ToasterActor = createActor(toasterMachine, { input: {} }).start();

export const toast: ToastFacade = createToastFacade(appToaster);

declare global {
  /** Debug handles the running app exposes on `window.__fechai`; other modules add theirs. */
  interface FechaiHandles {
    toasts?: ToastFacade;
  }
  interface Window {
    __fechai?: FechaiHandles;
  }
}

// Testers replay the toasts chart's paths in the running app (`npm run paths -- toasts <n>
// --browser`, e2e/toasts-paths.spec.ts) through the very facade the app uses. It grants nothing:
// whoever can run script in this page can only show toasts to themselves.
if (typeof window !== 'undefined') {
  window.__fechai = { ...window.__fechai, toasts: toast };
}
