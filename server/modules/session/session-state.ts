import type { Role } from '../../../contracts/roles';
import type { SessionCheck } from '../../../contracts/session';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { currentSubscriptionSql } from '../billing/company-subscription';

type SessionRow = {
  id: string;
  email: string;
  name: string | null;
  mobile_phone: string | null;
  current_company_id: string | null;
  signup_completed_at: Timestamp | null;
  sentinel_watcher_enabled: boolean | null;
  meta_coexistence_enabled: boolean | null;
  has_active_subscription: boolean;
  role: Role | null;
  company_count: number;
};

/**
 * What the app needs to route a signed-in user (spec §3): onboarding is needed until sign-up is
 * complete (the trial step completes it); a subscription is current while a trialing or active one's
 * period has not ended; feature flags belong to the current company. Null when the user is gone.
 */
export async function loadSessionState(
  db: Queryable,
  userId: string,
): Promise<Omit<SessionCheck, 'tokens'> | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT u.id, u.email, u.name, u.mobile_phone, u.current_company_id, u.signup_completed_at,
            c.sentinel_watcher_enabled, c.meta_coexistence_enabled,
            EXISTS (
              SELECT 1 FROM subscriptions s
               WHERE s.company_id = u.current_company_id AND ${currentSubscriptionSql('s')}
            ) AS has_active_subscription,
            m.role,
            (SELECT count(*)::int FROM memberships mm WHERE mm.user_id = u.id) AS company_count
       FROM users u LEFT JOIN companies c ON c.id = u.current_company_id
       LEFT JOIN memberships m ON m.user_id = u.id AND m.company_id = u.current_company_id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      mobilePhone: row.mobile_phone,
      currentCompanyId: row.current_company_id,
    },
    company: row.current_company_id ? { id: row.current_company_id } : null,
    role: row.current_company_id ? row.role : null,
    companyCount: row.company_count,
    needsOnboarding: row.signup_completed_at === null,
    hasCompany: row.current_company_id !== null,
    hasNoCurrentSubscriptionActive: !row.has_active_subscription,
    featureFlags: {
      isSentinelWatcherEnabled: row.sentinel_watcher_enabled ?? false,
      isMetaCoexistenceEnabled: row.meta_coexistence_enabled ?? false,
    },
  };
}
