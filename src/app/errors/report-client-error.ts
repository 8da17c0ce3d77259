import type { ClientErrorReport } from '../../../contracts/client-errors';
import { api } from '../../api/client';
import { errorText, NO_ANSWER_FALLBACK } from '../../api/error-text';

// The contract's limits (contracts/client-errors.ts): a longer field would get the report refused.
const MAX_MESSAGE = 2_000;
const MAX_STACK = 20_000;
const MAX_URL = 2_000;
const MAX_RELEASE = 100;

const reported = new WeakSet<object>();

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
    message: errorText(error, NO_ANSWER_FALLBACK).slice(0, MAX_MESSAGE),
    url: window.location.href.slice(0, MAX_URL),
  };
  if (error instanceof Error && error.stack) report.stack = error.stack.slice(0, MAX_STACK);
  if (componentStack) report.componentStack = componentStack.slice(0, MAX_STACK);
  const release = import.meta.env.VITE_RELEASE;
  if (release) report.release = release.slice(0, MAX_RELEASE);
  void api.post('/api/client-errors', { body: report });
}
