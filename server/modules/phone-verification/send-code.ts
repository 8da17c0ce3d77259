import type { PhoneVerificationSent } from '../../../contracts/onboarding';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashVerificationCode, newCodeSalt, newVerificationCode } from './codes';
import { PHONE_CODE_LIMITS, type PhoneCodePurpose } from './limits';
import { type LockedUser, lockUser, phoneTakenByAnother } from './locked-user';
import { e164, storedPhoneNumber } from './phone-number';
import { enqueuePhoneCodeSms } from './sms-job';
import { cooldownText, hourlyCapText, PHONE_IN_USE_TEXT, verificationSmsText } from './texts';

export interface SendPhoneCodeInput {
  userId: string;
  purpose: PhoneCodePurpose;
  /** As typed; already checked to be a Brazilian mobile by the contract. */
  phoneNumber: string;
  /** The person pressed "resend"; a first send repeated by a double click answers the pending code. */
  isResend: boolean;
  /** Seconds between two sends (PHONE_CODE_RESEND_SECONDS). */
  resendSeconds: number;
  /** The caller's own rules, checked with the user locked (throw an HttpError to refuse). */
  check?: (user: LockedUser) => void;
}

/** A 429 that says when to come back; the route copies it into Retry-After. */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

interface CurrentRow extends Record<string, unknown> {
  id: string;
  phone: string;
  pending: boolean;
  expires_at: Timestamp;
  resend_at: Timestamp;
  window_ends_at: Timestamp;
  sends_in_window: number;
  now: Timestamp;
}

const secondsBetween = (from: Timestamp, to: Timestamp) =>
  Math.max(1, Math.ceil((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * Texts a new 6-digit code to the number, replacing the user's pending code of this purpose (and
 * its attempts). One transaction: the code's hash and the SMS job commit together or not at all.
 * Refuses (409) a number another account verified, and (429) a send inside the cooldown or past
 * the hourly cap. Times come from the database's clock, the one that later checks them.
 */
export async function sendPhoneCode(db: Db, input: SendPhoneCodeInput): Promise<PhoneVerificationSent> {
  const phone = storedPhoneNumber(input.phoneNumber);
  const code = newVerificationCode();
  const salt = newCodeSalt();
  const codeHash = hashVerificationCode({ purpose: input.purpose, phone, code, salt });

  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    input.check?.(user);
    if (await phoneTakenByAnother(tx, phone, user.id))
      throw new HttpError(409, 'CONFLICT', PHONE_IN_USE_TEXT);

    const current = (
      await tx.query<CurrentRow>(
        `SELECT id, phone, expires_at, sends_in_window, now() AS now,
                consumed_at IS NULL AND expires_at > now() AND failed_attempts < $3 AS pending,
                last_sent_at + make_interval(secs => $4) AS resend_at,
                send_window_started_at + interval '1 hour' AS window_ends_at
           FROM phone_verifications WHERE user_id = $1 AND purpose = $2`,
        [user.id, input.purpose, PHONE_CODE_LIMITS.maxFailedAttempts, input.resendSeconds],
      )
    ).rows[0];
    if (current) {
      const now = Date.parse(current.now);
      if (Date.parse(current.resend_at) > now) {
        if (!input.isResend && current.pending && current.phone === phone) {
          return {
            phoneNumber: phone,
            expiresAt: current.expires_at,
            resendAvailableAt: current.resend_at,
          };
        }
        const seconds = secondsBetween(current.now, current.resend_at);
        throw new RetryLaterError(cooldownText(seconds), seconds);
      }
      if (
        Date.parse(current.window_ends_at) > now &&
        current.sends_in_window >= PHONE_CODE_LIMITS.sendsPerHour
      ) {
        const seconds = secondsBetween(current.now, current.window_ends_at);
        throw new RetryLaterError(hourlyCapText(Math.ceil(seconds / 60)), seconds);
      }
    }

    const { rows } = await tx.query<{
      id: string;
      send_id: string;
      expires_at: Timestamp;
      resend_at: Timestamp;
    }>(
      `INSERT INTO phone_verifications AS pv (user_id, purpose, phone, code_hash, code_salt, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))
       ON CONFLICT (user_id, purpose) DO UPDATE SET
         phone = excluded.phone,
         code_hash = excluded.code_hash,
         code_salt = excluded.code_salt,
         send_id = gen_random_uuid(),
         expires_at = excluded.expires_at,
         failed_attempts = 0,
         consumed_at = NULL,
         last_sent_at = now(),
         send_window_started_at = CASE WHEN pv.send_window_started_at + interval '1 hour' <= now()
                                       THEN now() ELSE pv.send_window_started_at END,
         sends_in_window = CASE WHEN pv.send_window_started_at + interval '1 hour' <= now()
                                THEN 1 ELSE pv.sends_in_window + 1 END
       RETURNING id, send_id, expires_at, last_sent_at + make_interval(secs => $7) AS resend_at`,
      [user.id, input.purpose, phone, codeHash, salt, PHONE_CODE_LIMITS.ttlMinutes, input.resendSeconds],
    );
    const sent = rows[0]!;
    await enqueuePhoneCodeSms(tx, {
      verificationId: sent.id,
      sendId: sent.send_id,
      to: e164(phone),
      text: verificationSmsText(code, PHONE_CODE_LIMITS.ttlMinutes),
    });
    return {
      phoneNumber: phone,
      expiresAt: sent.expires_at,
      resendAvailableAt: sent.resend_at,
    };
  });
}
