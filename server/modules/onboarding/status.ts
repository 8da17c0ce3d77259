import type { OnboardingStatus, OnboardingStep } from '../../../contracts/onboarding';
import { unauthenticated } from '../../auth/api/caller';
import type { Queryable } from '../../db/types';
import { PHONE_CODE_LIMITS } from '../phone-verification/limits';

interface StatusRow extends Record<string, unknown> {
  name: string | null;
  name_confirmed: boolean;
  has_company: boolean;
  verified_phone: string | null;
  signup_completed: boolean;
  pending_phone: string | null;
}

/**
 * Where the user is in onboarding (spec §2, §3): the first step not done, in order; `verifyPhone`
 * instead of `phone` while an onboarding code sent to them still works; `trial` once the rest is
 * done (also after sign-up is complete, which `isSignupComplete` tells).
 */
export async function loadOnboardingStatus(q: Queryable, userId: string): Promise<OnboardingStatus> {
  const { rows } = await q.query<StatusRow>(
    `SELECT u.name,
            u.name_confirmed_at IS NOT NULL AS name_confirmed,
            u.current_company_id IS NOT NULL AS has_company,
            CASE WHEN u.mobile_phone_verified_at IS NOT NULL THEN u.mobile_phone END AS verified_phone,
            u.signup_completed_at IS NOT NULL AS signup_completed,
            pv.phone AS pending_phone
       FROM users u
       LEFT JOIN phone_verifications pv
         ON pv.user_id = u.id AND pv.purpose = 'onboarding' AND pv.consumed_at IS NULL
        AND pv.expires_at > now() AND pv.failed_attempts < $2
      WHERE u.id = $1`,
    [userId, PHONE_CODE_LIMITS.maxFailedAttempts],
  );
  const row = rows[0];
  if (!row) throw unauthenticated();
  const signupSteps = {
    userNameSet: row.name_confirmed,
    hasCompanyCreated: row.has_company,
    phoneVerified: row.verified_phone !== null,
  };
  return {
    currentStep: currentStep(signupSteps, row.pending_phone !== null),
    isSignupComplete: row.signup_completed,
    prefillData: { name: row.name, phone: row.verified_phone ?? row.pending_phone },
    signupSteps,
  };
}

function currentStep(steps: OnboardingStatus['signupSteps'], codePending: boolean): OnboardingStep {
  if (!steps.userNameSet) return 'userName';
  if (!steps.hasCompanyCreated) return 'companyDetails';
  if (!steps.phoneVerified) return codePending ? 'verifyPhone' : 'phone';
  return 'trial';
}
