import type { Db, Queryable } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../http/errors';
import { codeMatches } from './codes';
import { PHONE_CODE_LIMITS, type PhoneCodePurpose } from './limits';
import { type LockedUser, lockUser, phoneTakenByAnother } from './locked-user';
import { storedPhoneNumber } from './phone-number';
import {
  EXPIRED_CODE_TEXT,
  NO_PENDING_CODE_TEXT,
  PHONE_IN_USE_TEXT,
  TOO_MANY_ATTEMPTS_TEXT,
  wrongCodeText,
} from './texts';

export interface VerifyPhoneCodeInput {
  userId: string;
  purpose: PhoneCodePurpose;
  /** As typed; already checked to be a Brazilian mobile by the contract. */
  phoneNumber: string;
  code: string;
  /** The caller's own rules, checked with the user locked (throw an HttpError to refuse). */
  check?: (user: LockedUser) => void;
  /** What else the verification commits with (onboarding: an invited person's sign-up completes). */
  onVerified?: (tx: Queryable) => Promise<void>;
}

type Outcome =
  | { kind: 'verified'; phone: string }
  | { kind: 'none' | 'expired' | 'locked' | 'in_use' }
  | { kind: 'wrong'; attemptsLeft: number };

/**
 * Checks a code against the user's pending code of this purpose and, when it matches, makes the
 * number the user's verified mobile and uses the code up. The code's row is locked while it is
 * checked, so parallel guesses are counted one by one and never exceed the limit. A wrong guess is
 * committed before the refusal goes out. Answers the number as stored (digits with 55).
 */
export async function verifyPhoneCode(db: Db, input: VerifyPhoneCodeInput): Promise<string> {
  const phone = storedPhoneNumber(input.phoneNumber);
  const outcome = await db
    .transaction(async (tx): Promise<Outcome> => {
      const user = await lockUser(tx, input.userId);
      input.check?.(user);
      const row = (
        await tx.query<{
          id: string;
          phone: string;
          code_hash: string;
          code_salt: string;
          failed_attempts: number;
          consumed: boolean;
          expired: boolean;
        }>(
          `SELECT id, phone, code_hash, code_salt, failed_attempts,
                  consumed_at IS NOT NULL AS consumed, expires_at <= now() AS expired
             FROM phone_verifications WHERE user_id = $1 AND purpose = $2
              FOR UPDATE`,
          [user.id, input.purpose],
        )
      ).rows[0];
      if (!row || row.consumed || row.phone !== phone) return { kind: 'none' };
      if (row.failed_attempts >= PHONE_CODE_LIMITS.maxFailedAttempts) return { kind: 'locked' };
      if (row.expired) return { kind: 'expired' };

      const subject = { purpose: input.purpose, phone, code: input.code, salt: row.code_salt };
      if (!codeMatches(subject, row.code_hash)) {
        const counted = await tx.query<{ failed_attempts: number }>(
          `UPDATE phone_verifications SET failed_attempts = failed_attempts + 1
            WHERE id = $1 RETURNING failed_attempts`,
          [row.id],
        );
        const attemptsLeft = PHONE_CODE_LIMITS.maxFailedAttempts - counted.rows[0]!.failed_attempts;
        return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'locked' };
      }

      if (await phoneTakenByAnother(tx, phone, user.id)) return { kind: 'in_use' };
      await tx.query('UPDATE users SET mobile_phone = $2, mobile_phone_verified_at = now() WHERE id = $1', [
        user.id,
        phone,
      ]);
      await tx.query('UPDATE phone_verifications SET consumed_at = now() WHERE id = $1', [row.id]);
      await input.onVerified?.(tx);
      return { kind: 'verified', phone };
    })
    .catch((err: unknown) => {
      // Another account verified the number between our check and our update (the unique index).
      if (isUniqueViolation(err)) return { kind: 'in_use' } as const;
      throw err;
    });

  switch (outcome.kind) {
    case 'verified':
      return outcome.phone;
    case 'wrong': {
      const text = wrongCodeText(outcome.attemptsLeft);
      throw new HttpError(400, 'VALIDATION_ERROR', text, [{ path: 'code', message: text }]);
    }
    case 'locked':
      throw new HttpError(429, 'RATE_LIMITED', TOO_MANY_ATTEMPTS_TEXT);
    case 'expired':
      throw new HttpError(400, 'VALIDATION_ERROR', EXPIRED_CODE_TEXT, [
        { path: 'code', message: EXPIRED_CODE_TEXT },
      ]);
    case 'in_use':
      throw new HttpError(409, 'CONFLICT', PHONE_IN_USE_TEXT);
    case 'none':
      throw new HttpError(400, 'VALIDATION_ERROR', NO_PENDING_CODE_TEXT);
  }
}
