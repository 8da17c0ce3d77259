import { TOAST_DURATION_MS } from './toast.defaults';
import type { ToastButton, ToastContent, ToastData, ToastPromise, ToastType } from './toast.types';

/** What a caller may say about a toast (sonner's options, minus the looks). */
export interface ToastOptions {
  id?: string | number;
  description?: string;
  duration?: number;
  dismissible?: boolean;
  action?: ToastButton;
  cancel?: ToastButton;
}

/** A promise outcome's content: a title, a title and description, or a function of the value. */
export type PromiseMessage<T> = string | ToastContent | ((value: T) => string | ToastContent);

function sanitizeDuration(duration: unknown): number {
  if (duration === Number.POSITIVE_INFINITY) return duration;
  return typeof duration === 'number' && Number.isFinite(duration) && duration >= 0
    ? duration
    : TOAST_DURATION_MS;
}

function sanitizeButton(button: unknown): ToastButton | undefined {
  if (typeof button !== 'object' || button === null || !('label' in button)) return undefined;
  const { label, onClick } = button as { label: unknown; onClick?: unknown };
  return {
    label: String(label),
    onClick: typeof onClick === 'function' ? (onClick as () => void) : undefined,
  };
}

/** Turns loose caller input into well-formed toast data; callers may be sloppy, the chart may not. */
export function buildToast(
  type: ToastType,
  title: unknown,
  options: ToastOptions | undefined,
  id: string,
): ToastData {
  const o: ToastOptions = typeof options === 'object' && options !== null ? options : {};
  return {
    id,
    type,
    title: title === undefined || title === null ? '' : String(title),
    description: o.description === undefined || o.description === null ? undefined : String(o.description),
    duration: sanitizeDuration(o.duration),
    dismissible: o.dismissible !== false,
    action: sanitizeButton(o.action),
    cancel: sanitizeButton(o.cancel),
  };
}

function toContent(message: PromiseMessage<unknown>, value: unknown): ToastContent {
  const resolved = typeof message === 'function' ? message(value) : message;
  if (typeof resolved === 'object' && resolved !== null) {
    return { title: String(resolved.title ?? ''), description: resolved.description };
  }
  return { title: String(resolved ?? '') };
}

/** A promise toast's behaviour: what to wait for and what to say on each outcome. */
export function buildPromise(
  settle: () => Promise<unknown>,
  messages: { success: PromiseMessage<unknown>; error: PromiseMessage<unknown> },
): ToastPromise {
  return {
    settle,
    success: (value) => toContent(messages.success, value),
    error: (reason) => toContent(messages.error, reason),
  };
}
