import { unauthenticated } from '../../auth/api/caller';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

/** What the commands need to know about the user whose phone is being verified. */
export interface LockedUser {
  id: string;
  /** Digits with 55, when one is set. */
  mobilePhone: string | null;
  mobilePhoneVerified: boolean;
  signupCompleted: boolean;
}

/**
 * Locks the user's row for the rest of the transaction, so a user's sends and verifications run one
 * at a time (cooldown, hourly cap and attempt counts cannot be raced). NO KEY UPDATE: rows that only
 * reference the user (new sign-ins) are not held up. A user gone mid-session is signed out.
 */
export async function lockUser(tx: Queryable, userId: string): Promise<LockedUser> {
  const { rows } = await tx.query<{
    id: string;
    mobile_phone: string | null;
    mobile_phone_verified_at: Timestamp | null;
    signup_completed_at: Timestamp | null;
  }>(
    `SELECT id, mobile_phone, mobile_phone_verified_at, signup_completed_at
       FROM users WHERE id = $1 FOR NO KEY UPDATE`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw unauthenticated();
  return {
    id: row.id,
    mobilePhone: row.mobile_phone,
    mobilePhoneVerified: row.mobile_phone !== null && row.mobile_phone_verified_at !== null,
    signupCompleted: row.signup_completed_at !== null,
  };
}

/** Whether another account already verified this number (they are unique among verified ones). */
export async function phoneTakenByAnother(tx: Queryable, phone: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM users WHERE mobile_phone = $1 AND mobile_phone_verified_at IS NOT NULL AND id <> $2`,
    [phone, userId],
  );
  return rows.length > 0;
}
