import { clientErrorsTransport } from './client-errors-transport';
import { createErrorTracker } from './error-tracker';

/** The app's one error tracker; an error-tracking service plugs in as another transport. */
export const errorTracker = createErrorTracker({ transport: clientErrorsTransport });

/**
 * Spec §8: reports a failure the user met (a customer that could not be saved…) under `tag`,
 * deduplicated within 5 s. Never throws, never shows anything.
 */
export function reportError(error: unknown, tag: string): void {
  errorTracker.capture(error, tag);
}
