import { type DocumentType, formatDocumentNumber } from '../../../contracts/brazil/document-number';
import type { OnboardingStatus, OnboardingStep } from '../../../contracts/onboarding';
import { unauthenticated } from '../../auth/api/caller';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { PHONE_CODE_LIMITS } from '../phone-verification/limits';

interface StatusRow extends Record<string, unknown> {
  name: string | null;
  name_confirmed: boolean;
  has_company: boolean;
  verified_phone: string | null;
  signup_completed: boolean;
  pending_phone: string | null;
  pending_expires_at: Timestamp | null;
  pending_resend_at: Timestamp | null;
  company_name: string | null;
  company_business_name: string | null;
  company_document_type: DocumentType | null;
  company_document_number: string | null;
  joined_by_invitation: boolean;
}

export interface OnboardingStatusOptions {
  /** Seconds between two sends (PHONE_CODE_RESEND_SECONDS): when the pending code may be sent again. */
  resendSeconds: number;
}

/**
 * Where the user is in onboarding (spec §2, §3): the first step not done, in order; `verifyPhone`
 * instead of `phone` while an onboarding code sent to them still works; `trial` once the rest is
 * done (also after sign-up is complete, which `isSignupComplete` tells). With it, the pending code's
 * times (by the database's clock, as the send computes them) and the saved company, so a reloaded
 * page shows what the server holds.
 */
export async function loadOnboardingStatus(
  q: Queryable,
  userId: string,
  { resendSeconds }: OnboardingStatusOptions,
): Promise<OnboardingStatus> {
  const { rows } = await q.query<StatusRow>(
    `SELECT u.name,
            u.name_confirmed_at IS NOT NULL AS name_confirmed,
            u.current_company_id IS NOT NULL AS has_company,
            CASE WHEN u.mobile_phone_verified_at IS NOT NULL THEN u.mobile_phone END AS verified_phone,
            u.signup_completed_at IS NOT NULL AS signup_completed,
            pv.phone AS pending_phone,
            pv.expires_at AS pending_expires_at,
            pv.last_sent_at + make_interval(secs => $3) AS pending_resend_at,
            c.name AS company_name,
            c.business_name AS company_business_name,
            c.document_type AS company_document_type,
            c.document_number AS company_document_number,
            EXISTS (SELECT 1 FROM team_invitations i
                     WHERE i.accepted_by_user_id = u.id AND i.company_id = u.current_company_id)
              AS joined_by_invitation
       FROM users u
       LEFT JOIN phone_verifications pv
         ON pv.user_id = u.id AND pv.purpose = 'onboarding' AND pv.consumed_at IS NULL
        AND pv.expires_at > now() AND pv.failed_attempts < $2
       LEFT JOIN companies c ON c.id = u.current_company_id
      WHERE u.id = $1`,
    [userId, PHONE_CODE_LIMITS.maxFailedAttempts, resendSeconds],
  );
  const row = rows[0];
  if (!row) throw unauthenticated();
  const signupSteps = {
    userNameSet: row.name_confirmed,
    hasCompanyCreated: row.has_company,
    phoneVerified: row.verified_phone !== null,
  };
  const pending =
    row.pending_phone !== null && row.pending_expires_at !== null && row.pending_resend_at !== null
      ? {
          phoneNumber: row.pending_phone,
          expiresAt: row.pending_expires_at,
          resendAvailableAt: row.pending_resend_at,
        }
      : null;
  // Companies made outside onboarding may lack some details: the form then shows those empty.
  const company =
    row.has_company && row.company_document_type !== null
      ? {
          name: row.company_name ?? '',
          businessName: row.company_business_name ?? '',
          documentType: row.company_document_type,
          documentNumber: formatDocumentNumber(row.company_document_type, row.company_document_number ?? ''),
        }
      : null;
  return {
    currentStep: currentStep(signupSteps, pending !== null),
    isSignupComplete: row.signup_completed,
    prefillData: { name: row.name, phone: row.verified_phone ?? row.pending_phone },
    signupSteps,
    pendingVerification: pending,
    company,
    joinedByInvitation: row.joined_by_invitation,
  };
}

function currentStep(steps: OnboardingStatus['signupSteps'], codePending: boolean): OnboardingStep {
  if (!steps.userNameSet) return 'userName';
  if (!steps.hasCompanyCreated) return 'companyDetails';
  if (!steps.phoneVerified) return codePending ? 'verifyPhone' : 'phone';
  return 'trial';
}
