import {
  FRAMES_MS,
  planToastStep,
  SUBJECT_ID,
  type ToastScreen,
  type ToastSnapshot,
  type ToastUserAction,
} from '../../../machines/toasts/toast.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

type ToastPath = ChartPath<ToastSnapshot>;

/** What the page shows of one toast, read from sonner's DOM. */
export interface SeenToast {
  removed: string | null;
  visible: string | null;
  title: string | null;
  description: string | null;
  type: string | null;
  spinner: boolean;
  closeButton: boolean;
  /** Laid out inside the viewport (only a browser lays out: jsdom's boxes are all empty). */
  onScreen: boolean;
}

/** Reads the toast with `data-testid={testId}` (runs in the page: DOM only, no closures). */
export function readToast(document: Document, testId: string): SeenToast | null {
  const el = document.querySelector(`[data-testid="${testId}"]`);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const viewport = document.defaultView?.innerHeight ?? 0;
  return {
    removed: el.getAttribute('data-removed'),
    visible: el.getAttribute('data-visible'),
    title: el.querySelector('[data-title]')?.textContent ?? null,
    description: el.querySelector('[data-description]')?.textContent ?? null,
    type: el.getAttribute('data-type'),
    spinner: !!el.querySelector('.sonner-loading-wrapper[data-visible="true"]'),
    closeButton: !!el.querySelector('[data-close-button]'),
    onScreen: box.width > 0 && box.height > 0 && box.bottom <= viewport && box.top >= 0,
  };
}

/** What the app does in a path (raise, dismiss, settle a promise toast), as data for the page. */
export type ToastAppAction = Extract<ToastUserAction, { do: 'call' | 'dismiss' | 'resolve' | 'reject' }>;

/**
 * Does what the app would, through the facade it exposes on `window.__fechai.toasts` (runs in the
 * page: DOM only, no closures). A promise toast's promise waits on the window until a step settles it.
 */
export function callAppToasts(document: Document, action: ToastAppAction): void {
  type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  const page = document.defaultView as (Window & { __pathsPromise?: Pending }) | null;
  const toasts = page?.__fechai?.toasts;
  if (!page || !toasts) throw new Error('window.__fechai.toasts is missing: is <AppToaster /> mounted?');
  if (action.do === 'call') {
    const { call } = action;
    if (call.method === 'promise') {
      const promise = new Promise((resolve, reject) => {
        page.__pathsPromise = { resolve, reject };
      });
      toasts.promise(promise, {
        id: call.id,
        loading: call.loading,
        success: call.success,
        error: call.error,
      });
    } else {
      toasts[call.method](call.title, { id: call.id, description: call.description });
    }
  } else if (action.do === 'dismiss') {
    toasts.dismiss(action.id);
  } else {
    const pending = page.__pathsPromise;
    if (!pending) throw new Error('no promise toast is pending');
    page.__pathsPromise = undefined;
    if (action.do === 'resolve') pending.resolve(action.value);
    else pending.reject(new Error(action.message));
  }
}

/** Differences between what the user should see and what the page shows (empty when they match). */
export function toastMismatches(screen: ToastScreen, seen: SeenToast | null, laidOut: boolean): string[] {
  if (screen.shows === 'nothing') return seen ? [`the toast "${seen.title}" is still on screen`] : [];
  if (!seen) return [`"${screen.title}" is not on screen`];
  if (screen.shows === 'leaving') {
    return [
      ...(seen.removed === 'true' ? [] : ['it does not play its exit animation (data-removed is not true)']),
      ...differs('title', seen.title, screen.title),
    ];
  }
  return [
    ...differs('data-removed', seen.removed, 'false'),
    ...differs('data-visible', seen.visible, 'true'),
    ...(laidOut ? differs('inside the viewport', seen.onScreen, true) : []),
    ...differs('title', seen.title, screen.title),
    ...differs('description', seen.description, screen.description ?? null),
    ...differs('data-type', seen.type, screen.dataType ?? null),
    ...differs('spinner', seen.spinner, screen.spinner),
    ...differs('close button', seen.closeButton, screen.closeButton),
  ];
}

/** What a layer does its own way: a swipe is a pointer drag, and only a real browser has one. */
export interface ToastsLayer {
  swipe(testId: string): Promise<void>;
}

export const subjectTestId = `toast-${SUBJECT_ID}`;
const subject = { testId: subjectTestId };

/**
 * Acts out toasts paths on a UI (jsdom or Chromium): the app's facade for what the app does, the
 * pointer for what a person does, the app's clock for the time that passes; then checks the toast.
 */
export function toastsDriver(ui: UiSurface, layer: ToastsLayer) {
  const perform = async (action: ToastUserAction) => {
    switch (action.do) {
      case 'call':
      case 'dismiss':
      case 'resolve':
      case 'reject':
        await ui.read(callAppToasts, action);
        return;
      case 'click-close':
        await ui.click({ role: 'button', name: 'Fechar notificação' }, subject);
        return;
      case 'swipe':
        await layer.swipe(subjectTestId);
        return;
      case 'hover':
        await ui.hover(subject);
        return;
      case 'unhover':
        await ui.hover();
        return;
      case 'advance':
        await ui.advance(action.ms);
        return;
    }
  };
  return {
    async act(path: ToastPath, index: number): Promise<void> {
      for (const action of planToastStep(path, index).actions) await perform(action);
      await ui.advance(FRAMES_MS);
    },
    async check(path: ToastPath, index: number): Promise<void> {
      const { screen } = planToastStep(path, index);
      await expectScreen(
        ui,
        () => ui.read(readToast, subjectTestId),
        (seen) => toastMismatches(screen, seen, ui.layer === 'browser'),
      );
    },
  };
}

/** What the user must see after step `index`, in words, for the tester's report. */
export function toastExpectation(path: ToastPath, index: number): string {
  const { screen } = planToastStep(path, index);
  if (screen.shows === 'nothing') return 'no toast';
  if (screen.shows === 'leaving') return `"${screen.title}" playing its exit animation`;
  const parts = [
    `a ${screen.dataType ?? 'plain'} toast "${screen.title}"`,
    screen.description && `with "${screen.description}"`,
    screen.spinner && 'a spinner',
    screen.closeButton ? 'a close button' : 'no close button',
  ];
  return parts.filter(Boolean).join(', ');
}
