import { isRecord } from '../lib/is-record';

/** Text for an HTTP answer that failed and said nothing usable (spec §8). */
export const ANSWER_FALLBACK = 'An error occurred';
/** Text for a call that got no answer and whose error said nothing usable (spec §8). */
export const NO_ANSWER_FALLBACK = 'Unknown error';

/** No answer while the browser knows it is offline. */
export const OFFLINE_TEXT = 'Você está sem internet. Verifique sua conexão e tente de novo.';
/** No answer otherwise: the server could not be reached (the browser's own words are English). */
export const UNREACHABLE_TEXT =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente de novo.';

/**
 * What a call that got no answer at all (NETWORK_ERROR) says. The browser's error ("Failed to
 * fetch", "NetworkError when attempting to fetch resource.", "Load failed") is English and says
 * nothing more than this, so it is never shown.
 */
export function noAnswerText(): string {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_TEXT : UNREACHABLE_TEXT;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The text of a failed call, spec §8: "envelope error, else error string, else its message or
 * value, else 'An error occurred' or 'Unknown error'". Precisely, the first that applies:
 * 1. the envelope's `error`, when it is a non-empty string (`{ success: false, error }`, or any
 *    body with a string `error`);
 * 2. the failure itself, when it is a non-empty string (a JSON string body, a thrown string);
 * 3. its message: `error.message` of the body (`{ error: { message } }`), or `message` of the
 *    failure itself (an Error, `{ message }`), when a non-empty string; else the value of `error`
 *    or of the failure itself when it is a number, bigint or boolean;
 * 4. `fallback`: "An error occurred" when the server answered, "Unknown error" when nothing came
 *    back (the caller chooses).
 */
export function errorText(failure: unknown, fallback: string): string {
  if (isRecord(failure) && nonEmpty(failure.error)) return failure.error;
  if (nonEmpty(failure)) return failure;
  if (isRecord(failure)) {
    if (isRecord(failure.error) && nonEmpty(failure.error.message)) return failure.error.message;
    if (nonEmpty(failure.message)) return failure.message;
    if (isPrintable(failure.error)) return String(failure.error);
  }
  if (isPrintable(failure)) return String(failure);
  return fallback;
}

function isPrintable(value: unknown): value is number | bigint | boolean {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
}
