import type { Queryable } from '../db/types';

/** Days past their end that sign-in rows are kept (for support questions), then deleted. */
export const AUTH_RETENTION_DAYS = 7;

export interface PruneAuthResult {
  /** Sign-ins revoked or expired (their refresh tokens go with them). */
  authSessions: number;
  /** Refresh tokens past their expiry in sign-ins still open. */
  refreshTokens: number;
  /** E-mail links past their expiry, used or not. */
  emailTokens: number;
  /** Failed sign-in counters whose window and lockout are long over. */
  signInFailures: number;
}

/**
 * Deletes sign-in rows nobody can use any more. Rotated refresh tokens of open sign-ins stay until they
 * expire: they are how a replayed token is recognised.
 */
export async function pruneAuth(db: Queryable): Promise<PruneAuthResult> {
  const days = [AUTH_RETENTION_DAYS];
  const sessions = await db.query(
    `DELETE FROM auth_sessions
      WHERE COALESCE(revoked_at, expires_at) < now() - make_interval(days => $1)`,
    days,
  );
  const refresh = await db.query(
    'DELETE FROM refresh_tokens WHERE expires_at < now() - make_interval(days => $1)',
    days,
  );
  const email = await db.query(
    'DELETE FROM email_tokens WHERE expires_at < now() - make_interval(days => $1)',
    days,
  );
  const failures = await db.query(
    `DELETE FROM sign_in_failures
      WHERE GREATEST(window_started_at, COALESCE(locked_until, window_started_at)) < now() - make_interval(days => $1)`,
    days,
  );
  return {
    authSessions: sessions.rowCount,
    refreshTokens: refresh.rowCount,
    emailTokens: email.rowCount,
    signInFailures: failures.rowCount,
  };
}
