/**
 * A create form's submissions and their Idempotency-Keys (contracts/idempotency-key.ts): "Salvar"
 * pressed again with the same fields, after a time-out or a network error, repeats the key;
 * changed fields, or a new create after one went through, get a new one.
 */
import { canonicalJson } from './canonical-json';

/** A short hash of a text (53 bits, base 36): tells a form's payloads apart in its keys. */
export function textHash(text: string): string {
  // cyrb53: not cryptographic; a collision only costs a refused retry (the server checks the body).
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** One submission of a create: the key it goes with and what it sent. */
export interface Submission {
  key: string;
  /** canonicalJson of the payload. */
  payload: string;
  /** Answered with success: the next submission is a new create, even with the same fields. */
  settled: boolean;
}

/**
 * The submission that sends `payload`: the last one again while it sends the same payload and has
 * not succeeded, else a new one keyed `mint(payload)` (a UUID, or a form's id with the payload's hash).
 */
export function submissionOf(
  payload: unknown,
  last: Submission | null | undefined,
  mint: (payload: string) => string,
): Submission {
  const json = canonicalJson(payload);
  if (last && !last.settled && last.payload === json) return last;
  return { key: mint(json), payload: json, settled: false };
}

/** The submission once it succeeded. */
export function settledSubmission(submission: Submission | null): Submission | null {
  return submission && { ...submission, settled: true };
}
