import type { PhoneVerificationSent } from '../../../contracts/onboarding';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { PHONE_CODE_LIMITS, type PhoneCodePurpose } from './limits';

interface PendingRow extends Record<string, unknown> {
  phone: string;
  expires_at: Timestamp;
  resend_at: Timestamp;
}

/**
 * The code of `purpose` the user is waiting for at `phoneNumber` (digits with 55), when one still
 * works: not used, not expired, not locked by wrong tries. Its times are the database's, as the send
 * computes them, so a page opened later counts down the same.
 */
export async function pendingPhoneCode(
  q: Queryable,
  input: { userId: string; purpose: PhoneCodePurpose; phoneNumber: string; resendSeconds: number },
): Promise<PhoneVerificationSent | null> {
  const { rows } = await q.query<PendingRow>(
    `SELECT phone, expires_at, last_sent_at + make_interval(secs => $5) AS resend_at
       FROM phone_verifications
      WHERE user_id = $1 AND purpose = $2 AND phone = $3 AND consumed_at IS NULL
        AND expires_at > now() AND failed_attempts < $4`,
    [
      input.userId,
      input.purpose,
      input.phoneNumber,
      PHONE_CODE_LIMITS.maxFailedAttempts,
      input.resendSeconds,
    ],
  );
  const row = rows[0];
  return row
    ? {
        phoneNumber: row.phone,
        expiresAt: row.expires_at,
        resendAvailableAt: row.resend_at,
      }
    : null;
}
