import { clientErrorLimits } from '../../../contracts/client-error-limits';
import { errorText, NO_ANSWER_FALLBACK } from '../../api/error-text';

/** Spec §9: the same error is reported once within 5 s… */
export const ERROR_DEDUPE_WINDOW_MS = 5_000;
/** …and the memory of what was reported is cleaned every 60 s. */
export const ERROR_DEDUPE_CLEANUP_MS = 60_000;

/** One report, as every transport (our server today, an error-tracking service later) receives it. */
export interface TrackedError {
  /** Where it happened: lower case, digits, ".", "_" and "-" ("customer.create"). */
  tag: string;
  message: string;
  stack?: string;
  /** The page the user was on. */
  url: string;
}

/** Sends a report somewhere. Must not throw; a failed send is only logged by the transport. */
export type ErrorTransport = (report: TrackedError) => void;

export interface ErrorTrackerOptions {
  transport: ErrorTransport;
  now?: () => number;
  /** The page's address, read when a report is made. */
  pageUrl?: () => string;
  dedupeWindowMs?: number;
  cleanupEveryMs?: number;
}

export interface ErrorTracker {
  /**
   * Reports `error` under `tag` (spec §8), unless the same tag and message went out less than 5 s
   * ago. Returns whether it was sent. Never throws.
   */
  capture(error: unknown, tag: string): boolean;
  /** How many tag+message pairs the dedupe memory holds now. */
  remembered(): number;
  /** Forgets everything and stops the cleanup timer. */
  reset(): void;
}

/** A tag as the server accepts it, whatever the caller wrote. */
export function normalizeTag(tag: string): string {
  const cleaned = tag
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, clientErrorLimits.tag);
  return cleaned === '' ? 'untagged' : cleaned;
}

/**
 * The error tracker: deduplicates, then hands reports to a transport. The cleanup timer runs only
 * while something is remembered, so an app that reports nothing keeps no timer alive.
 */
export function createErrorTracker({
  transport,
  now = Date.now,
  pageUrl = () => window.location.href,
  dedupeWindowMs = ERROR_DEDUPE_WINDOW_MS,
  cleanupEveryMs = ERROR_DEDUPE_CLEANUP_MS,
}: ErrorTrackerOptions): ErrorTracker {
  /** tag + message → when it was last sent. */
  const lastSent = new Map<string, number>();
  let cleanup: ReturnType<typeof setInterval> | undefined;

  function stopCleanup() {
    if (cleanup !== undefined) clearInterval(cleanup);
    cleanup = undefined;
  }

  function clean() {
    const at = now();
    for (const [key, sentAt] of lastSent) if (at - sentAt >= dedupeWindowMs) lastSent.delete(key);
    if (lastSent.size === 0) stopCleanup();
  }

  return {
    capture(error, tag) {
      try {
        const report: TrackedError = {
          tag: normalizeTag(tag),
          message: errorText(error, NO_ANSWER_FALLBACK).slice(0, clientErrorLimits.message),
          url: pageUrl().slice(0, clientErrorLimits.url),
        };
        if (error instanceof Error && error.stack)
          report.stack = error.stack.slice(0, clientErrorLimits.stack);
        const key = `${report.tag}\n${report.message}`;
        const at = now();
        const previous = lastSent.get(key);
        if (previous !== undefined && at - previous < dedupeWindowMs) return false;
        lastSent.set(key, at);
        cleanup ??= setInterval(clean, cleanupEveryMs);
        transport(report);
        return true;
      } catch (failure) {
        console.warn('[error-tracking] could not report an error', failure);
        return false;
      }
    },
    remembered: () => lastSent.size,
    reset() {
      lastSent.clear();
      stopCleanup();
    },
  };
}
