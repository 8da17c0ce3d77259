/** What a toast is (spec §3): the data the chart carries; the view decides how it looks. */
const toastTypes = ['success', 'info', 'warning', 'error', 'loading', 'default'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Why a toast went away; kept in the toast's context so views and analytics can tell. */
export type DismissReason = 'timeout' | 'close' | 'swipe' | 'action' | 'cancel' | 'programmatic';

/** A button on the toast. Clicking it runs `onClick` and dismisses the toast. */
export interface ToastButton {
  label: string;
  onClick?: () => void;
}

/** What the user reads. Texts come from the caller, never from the chart. */
export interface ToastContent {
  title: string;
  description?: string;
}

/** A toast as shown: content plus behaviour. */
export interface ToastData extends ToastContent {
  id: string;
  type: ToastType;
  /** Milliseconds on screen once its timer starts; Infinity keeps it until dismissed. */
  duration: number;
  /** When false the user cannot close or swipe it away (a program still can). */
  dismissible: boolean;
  action?: ToastButton;
  cancel?: ToastButton;
}

/** A change to a toast that is already there (sonner's "same id" update); absent fields stay. */
export type ToastPatch = Partial<Omit<ToastData, 'id'>>;

/**
 * A promise toast: loading until `settle()` settles. The content for each outcome is computed from
 * the value or the reason by the caller's functions, so the chart holds no texts.
 */
export interface ToastPromise {
  settle: () => Promise<unknown>;
  success: (value: unknown) => ToastContent;
  error: (reason: unknown) => ToastContent;
}

export interface ToastInput {
  toast: ToastData;
  promise?: ToastPromise;
  /** The toaster is held (pointer or focus on it): a timer that starts now starts paused. */
  held?: boolean;
  /** The clock; injectable so paths and tests are deterministic. */
  now?: () => number;
}

/** What an ended toast reports to its toaster. */
export interface ToastOutput {
  id: string;
  reason: DismissReason | undefined;
}
