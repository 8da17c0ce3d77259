import type { Timestamp } from '../../db/timestamp';
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

/** The row's window has run out and no lock is running ($2: the window in minutes). */
const NEW_WINDOW =
  '(f.locked_until IS NULL OR f.locked_until <= now()) AND f.window_started_at <= now() - make_interval(mins => $2)';

export type SignInAttempt =
  /** Over the limit: refuse without checking the password. */
  | { allowed: false; lockedUntil: Date }
  /**
   * The password may be checked. `lockedUntil` is set when this was the last attempt the window
   * allows: the lock then stands unless the password turns out right (which clears it).
   */
  | { allowed: true; lockedUntil: Date | null };

/**
 * Takes one attempt for the address before its password is checked, in a single UPSERT, so parallel
 * requests each get a distinct number and only the first 5 of a window reach argon2 (counting after
 * the check let a burst all be checked before any was counted). A window older than 15 minutes starts
 * over, unless a lock still runs; the 5th attempt locks the address for 15 minutes, and attempts made
 * while it is locked are counted (that is how they are refused) without extending it.
 */
export async function reserveSignInAttempt(q: Queryable, normalisedEmail: string): Promise<SignInAttempt> {
  const { rows } = await q.query<{ failures: number; locked_until: Timestamp | null }>(
    `INSERT INTO sign_in_failures AS f (key, failures, window_started_at, locked_until)
     VALUES ($1, 1, now(), CASE WHEN 1 >= $4 THEN now() + make_interval(mins => $3) END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN ${NEW_WINDOW} THEN 1 ELSE f.failures + 1 END,
       window_started_at = CASE WHEN ${NEW_WINDOW} THEN now() ELSE f.window_started_at END,
       locked_until = CASE WHEN f.locked_until > now() THEN f.locked_until
                           WHEN (CASE WHEN ${NEW_WINDOW} THEN 1 ELSE f.failures + 1 END) >= $4
                           THEN now() + make_interval(mins => $3) END
     RETURNING failures, locked_until`,
    [keyFor(normalisedEmail), FAILURE_WINDOW_MINUTES, LOCK_MINUTES, MAX_SIGN_IN_FAILURES],
  );
  const row = rows[0];
  if (!row) throw new Error('sign-in throttle: the attempt was not recorded');
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
  if (row.failures > MAX_SIGN_IN_FAILURES) {
    // Unreachable: the UPSERT locks whenever the count reaches the limit.
    if (!lockedUntil) throw new Error('sign-in throttle: over the limit without a lock');
    return { allowed: false, lockedUntil };
  }
  return { allowed: true, lockedUntil };
}

/** A successful sign-in (or a password reset) starts the count over. */
export async function clearSignInFailures(q: Queryable, normalisedEmail: string): Promise<void> {
  await q.query('DELETE FROM sign_in_failures WHERE key = $1', [keyFor(normalisedEmail)]);
}
