import { clientErrorLimits as limit } from '../../../contracts/client-error-limits';
import type { ClientErrorReport } from '../../../contracts/client-errors';
import { api } from '../../api/client';
import { errorText, NO_ANSWER_FALLBACK } from '../../api/error-text';

const reported = new WeakSet<object>();

type ClientErrorListener = (error: unknown, componentStack?: string | null) => void;
/** Who else hears of an "Algo deu errado" (the monitoring service once it runs). */
const listeners = new Set<ClientErrorListener>();

export function onClientError(listener: ClientErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Tells the server about an error the user saw as "Algo deu errado". Fire and forget: the API
 * client never throws, and the same error object is reported once however often it is caught.
 */
export function reportClientError(error: unknown, componentStack?: string | null): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const report: ClientErrorReport = {
    message: errorText(error, NO_ANSWER_FALLBACK).slice(0, limit.message),
    url: window.location.href.slice(0, limit.url),
  };
  if (error instanceof Error && error.stack) report.stack = error.stack.slice(0, limit.stack);
  if (componentStack) report.componentStack = componentStack.slice(0, limit.stack);
  const release = import.meta.env.VITE_RELEASE;
  if (release) report.release = release.slice(0, limit.release);
  void api.post('/api/client-errors', { body: report });
  for (const listener of listeners) {
    try {
      listener(error, componentStack);
    } catch (failure) {
      console.warn('[error-tracking] a listener failed', failure);
    }
  }
}
