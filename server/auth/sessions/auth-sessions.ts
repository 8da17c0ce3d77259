import type { Db, Queryable } from '../../db/types';
import { hashToken, newOpaqueToken } from '../tokens/opaque-token';

/** A sign-in lasts as long as the app keeps its cookies (spec §9: 30 days), renewed on each refresh. */
export const AUTH_SESSION_DAYS = 30;

export type RevokeReason = 'logout' | 'refresh_token_reuse' | 'password_reset' | 'member_removed';

export interface StartedSession {
  sessionId: string;
  /** The hosted login's own cookie: lets `/auth/logout` find and end this sign-in. */
  ssoSecret: string;
  refreshToken: string;
}

export type RotateResult =
  | { status: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  /** Unknown, expired, or its session is over. */
  | { status: 'invalid' }
  /** Already rotated once: someone holds a copy. The whole family has just been revoked. */
  | { status: 'reused' };

async function issueRefreshToken(q: Queryable, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await q.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), sessionId, AUTH_SESSION_DAYS],
  );
  return token;
}

/** A new sign-in for `userId`: its session row and first refresh token, in the caller's transaction. */
export async function startAuthSession(
  q: Queryable,
  input: { userId: string; userAgent?: string | undefined },
): Promise<StartedSession> {
  const ssoSecret = newOpaqueToken();
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO auth_sessions (user_id, sso_secret_hash, user_agent, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))
     RETURNING id`,
    [input.userId, hashToken(ssoSecret), input.userAgent?.slice(0, 300) ?? null, AUTH_SESSION_DAYS],
  );
  const sessionId = rows[0]!.id;
  return { sessionId, ssoSecret, refreshToken: await issueRefreshToken(q, sessionId) };
}

/**
 * Trades a refresh token for a new one in the same session. Single use: the row is locked, so of two
 * requests racing with the same token exactly one rotates it and the other counts as reuse. Reuse
 * revokes the session, cutting off both the thief and the victim; the victim signs in again.
 * `expectedSessionId` ties the refresh to the (expired) access token presented with it.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  expectedSessionId?: string,
): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      session_id: string;
      user_id: string;
      used: boolean;
      expired: boolean;
      session_alive: boolean;
    }>(
      `SELECT t.session_id, s.user_id,
              t.used_at IS NOT NULL AS used,
              t.expires_at <= now() AS expired,
              (s.revoked_at IS NULL AND s.expires_at > now()) AS session_alive
         FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
        WHERE t.token_hash = $1
        FOR UPDATE OF t`,
      [hashToken(refreshToken)],
    );
    const row = rows[0];
    if (!row?.session_alive) return { status: 'invalid' };
    if (expectedSessionId !== undefined && row.session_id !== expectedSessionId) return { status: 'invalid' };
    if (row.used) {
      await revokeAuthSession(tx, row.session_id, 'refresh_token_reuse');
      return { status: 'reused' };
    }
    if (row.expired) return { status: 'invalid' };

    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
      hashToken(refreshToken),
    ]);
    await tx.query(
      `UPDATE auth_sessions SET last_used_at = now(), expires_at = now() + make_interval(days => $2)
        WHERE id = $1`,
      [row.session_id, AUTH_SESSION_DAYS],
    );
    return {
      status: 'rotated',
      userId: row.user_id,
      sessionId: row.session_id,
      refreshToken: await issueRefreshToken(tx, row.session_id),
    };
  });
}

/** The live sign-in behind the hosted login's cookie, if any. */
export async function findSessionBySsoSecret(
  q: Queryable,
  ssoSecret: string,
): Promise<{ sessionId: string; userId: string } | null> {
  const { rows } = await q.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM auth_sessions
      WHERE sso_secret_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashToken(ssoSecret)],
  );
  const row = rows[0];
  return row ? { sessionId: row.id, userId: row.user_id } : null;
}

/** Whether access tokens naming this session may still be honoured. */
export async function isSessionAlive(q: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM auth_sessions
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
    [sessionId, userId],
  );
  return rows.length > 0;
}

/** Ends one sign-in: its refresh tokens stop working and so do access tokens naming it. */
export async function revokeAuthSession(
  q: Queryable,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await q.query(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, reason],
  );
}

/** Ends every sign-in of a user (a password reset). Returns how many were still open. */
export async function revokeUserSessions(
  q: Queryable,
  userId: string,
  reason: RevokeReason,
): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId, reason],
  );
  return rowCount;
}
