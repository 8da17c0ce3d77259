import type { Role } from '../../../contracts/roles';
import type { Queryable } from '../../db/types';
import { currentSubscriptionSql } from '../../modules/billing/company-subscription';
import type { AccessClaims } from '../tokens/access-tokens';

/** What a product route needs to know about who calls, read in one statement. */
export interface CallerRecord {
  userId: string;
  sessionId: string;
  /** The user's current company; null until they have one, or when they are no longer its member. */
  companyId: string | null;
  role: Role | null;
  /** When the sign-in runs out (ms since the epoch). */
  sessionExpiresAt: number;
  /** Until when the company's subscription lets it in (ms since the epoch); null: it does not now. */
  subscribedUntil: number | null;
}

interface CallerRow extends Record<string, unknown> {
  current_company_id: string | null;
  role: Role | null;
  session_expires_at: number;
  subscribed_until: number | null;
}

/**
 * The caller a verified token names, if its user exists and its sign-in is still open (logout and
 * refresh-token reuse take effect at once, not when the token runs out), with their company, role
 * and whether the company's subscription is current: one round trip, on every authenticated request
 * the cache does not answer, prepared (a fixed text). Times come back as epoch milliseconds,
 * whatever the driver makes of timestamps.
 */
export async function loadCallerRecord(
  db: Queryable,
  { userId, sessionId }: AccessClaims,
): Promise<CallerRecord | null> {
  const { rows } = await db.query<CallerRow>(
    `SELECT u.current_company_id, m.role,
            (extract(epoch FROM s.expires_at) * 1000)::float8 AS session_expires_at,
            (SELECT (extract(epoch FROM max(sub.current_period_end)) * 1000)::float8
               FROM subscriptions sub
              WHERE m.role IS NOT NULL AND sub.company_id = m.company_id AND ${currentSubscriptionSql('sub')}
            ) AS subscribed_until
       FROM users u JOIN auth_sessions s ON s.user_id = u.id
       LEFT JOIN memberships m ON m.user_id = u.id AND m.company_id = u.current_company_id
      WHERE u.id = $1 AND s.id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [userId, sessionId],
    { prepared: true },
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId,
    sessionId,
    // A company the user is no longer a member of (removed from the team) is no company at all.
    companyId: row.role ? row.current_company_id : null,
    role: row.role,
    sessionExpiresAt: row.session_expires_at,
    subscribedUntil: row.subscribed_until,
  };
}
