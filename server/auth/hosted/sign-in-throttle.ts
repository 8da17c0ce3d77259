import type { Queryable } from '../../db/types';
import { hashToken } from '../tokens/opaque-token';

/** Failed sign-ins an address may have within the window before it is locked. */
export const MAX_SIGN_IN_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

/**
 * Counted per address whether or not an account has it, so a lockout tells nobody which addresses
 * exist; keyed by a digest, so the table is not a list of the addresses people tried.
 */
const keyFor = (normalisedEmail: string) => hashToken(normalisedEmail);

/** Until when sign-ins for this address are refused; null when they are not. */
export async function signInLockedUntil(q: Queryable, normalisedEmail: string): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date }>(
    'SELECT locked_until FROM sign_in_failures WHERE key = $1 AND locked_until > now()',
    [keyFor(normalisedEmail)],
  );
  return rows[0] ? new Date(rows[0].locked_until) : null;
}

/**
 * Counts one failure, atomically (concurrent failures all count). A window older than 15 minutes
 * starts over; the 5th failure within one locks the address for 15 minutes. Returns the lock, if any.
 */
export async function recordSignInFailure(q: Queryable, normalisedEmail: string): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date | null }>(
    `INSERT INTO sign_in_failures AS f (key, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.window_started_at <= now() - make_interval(mins => $2)
                       THEN 1 ELSE f.failures + 1 END,
       window_started_at = CASE WHEN f.window_started_at <= now() - make_interval(mins => $2)
                                THEN now() ELSE f.window_started_at END,
       locked_until = CASE WHEN f.window_started_at > now() - make_interval(mins => $2) AND f.failures + 1 >= $4
                           THEN now() + make_interval(mins => $3) ELSE f.locked_until END
     RETURNING CASE WHEN f.locked_until > now() THEN f.locked_until END AS locked_until`,
    [keyFor(normalisedEmail), FAILURE_WINDOW_MINUTES, LOCK_MINUTES, MAX_SIGN_IN_FAILURES],
  );
  const until = rows[0]?.locked_until;
  return until ? new Date(until) : null;
}

/** A successful sign-in (or a password reset) starts the count over. */
export async function clearSignInFailures(q: Queryable, normalisedEmail: string): Promise<void> {
  await q.query('DELETE FROM sign_in_failures WHERE key = $1', [keyFor(normalisedEmail)]);
}
