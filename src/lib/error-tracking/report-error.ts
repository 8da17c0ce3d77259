import { clientErrorsTransport } from './client-errors-transport';
import { createErrorTracker, type ErrorTransport } from './error-tracker';

/** Transports beside our own server's (the monitoring service once it runs). */
const extraTransports = new Set<ErrorTransport>();

/** Sends every report from now on to `transport` as well; returns how to stop. */
export function addErrorTransport(transport: ErrorTransport): () => void {
  extraTransports.add(transport);
  return () => {
    extraTransports.delete(transport);
  };
}

/**
 * The app's one error tracker: our own server always (the embedded default), and every transport
 * added, each report once after de-duplication.
 */
export const errorTracker = createErrorTracker({
  transport: (report) => {
    clientErrorsTransport(report);
    for (const transport of extraTransports) {
      try {
        transport(report);
      } catch (failure) {
        console.warn('[error-tracking] a transport failed', failure);
      }
    }
  },
});

/**
 * Spec §8: reports a failure the user met (a customer that could not be saved…) under `tag`,
 * deduplicated within 5 s. Never throws, never shows anything.
 */
export function reportError(error: unknown, tag: string): void {
  errorTracker.capture(error, tag);
}
