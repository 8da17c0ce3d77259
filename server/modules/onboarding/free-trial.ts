import type { FreeTrial } from '../../../contracts/onboarding';
import type { Timestamp } from '../../db/timestamp';
import type { Db, Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { lockUser } from '../phone-verification/locked-user';
import { countReferral } from '../referral/referral-progress';
import { loadOnboardingStatus } from './status';
import { TRIAL_STEPS_MISSING_TEXT } from './texts';

/** The plan name of the subscription row a free trial is. */
export const TRIAL_PLAN = 'trial';

/**
 * "Tudo pronto para começar": the trial of the user's current company once started, else what it
 * would be if started now (both by the database's clock).
 */
export async function loadFreeTrial(q: Queryable, userId: string, trialDays: number): Promise<FreeTrial> {
  const { rows } = await q.query<{ trial_end: Timestamp | null; would_end: Timestamp }>(
    `SELECT t.current_period_end AS trial_end, now() + make_interval(days => $2) AS would_end
       FROM users u
       LEFT JOIN LATERAL (
         SELECT current_period_end FROM subscriptions
          WHERE company_id = u.current_company_id AND plan = $3
          ORDER BY created_at LIMIT 1
       ) t ON true
      WHERE u.id = $1`,
    [userId, trialDays, TRIAL_PLAN],
  );
  const row = rows[0];
  return {
    trialDays,
    endsAt: row?.trial_end ?? row?.would_end ?? new Date().toISOString(),
    started: Boolean(row?.trial_end),
  };
}

/**
 * Starts the company's free trial and completes sign-up, once every earlier step is done. The trial
 * is a 'trialing' subscription from now to now + trialDays, created only for a company that never had
 * a subscription (a trial is not restarted). A second call changes nothing and answers the same.
 */
export async function startFreeTrial(db: Db, userId: string, trialDays: number): Promise<FreeTrial> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.signupCompleted) {
      // Only the steps are read here, not the pending code's resend time.
      const { signupSteps } = await loadOnboardingStatus(tx, userId, { resendSeconds: 0 });
      if (!signupSteps.userNameSet || !signupSteps.hasCompanyCreated || !signupSteps.phoneVerified) {
        throw new HttpError(409, 'CONFLICT', TRIAL_STEPS_MISSING_TEXT);
      }
      // The company's row serialises trial starts by its other members, if it has any.
      const companyId = (
        await tx.query<{ id: string }>(
          `SELECT c.id FROM companies c JOIN users u ON u.current_company_id = c.id
            WHERE u.id = $1 FOR NO KEY UPDATE OF c`,
          [userId],
        )
      ).rows[0]!.id;
      await tx.query(
        `INSERT INTO subscriptions (company_id, status, plan, current_period_start, current_period_end)
         SELECT $1, 'trialing', $3, now(), now() + make_interval(days => $2)
          WHERE NOT EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1)`,
        [companyId, trialDays, TRIAL_PLAN],
      );
      await tx.query('UPDATE users SET signup_completed_at = now() WHERE id = $1', [userId]);
      // Indique e Ganhe: a referred company that finished sign-up is an install.
      await countReferral(tx, companyId, 'install');
    }
    return loadFreeTrial(tx, userId, trialDays);
  });
}
