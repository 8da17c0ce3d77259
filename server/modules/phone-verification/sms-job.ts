import * as z from 'zod';
import type { Queryable } from '../../db/types';
import { SmsRejectedError, type SmsSender } from '../../integrations/sms/sms-sender';
import { enqueue } from '../../jobs/enqueue';
import { PermanentJobError } from '../../jobs/permanent-error';
import type { JobHandler } from '../../jobs/worker';
import { PHONE_CODE_LIMITS } from './limits';

/** The job kind that texts one verification code; queued with the code, in the same transaction. */
export const PHONE_CODE_SMS_JOB = 'phone-verification.sms';

/** A code outlives a few retries only: 5 attempts with the default backoff fit well inside its 10 minutes. */
const MAX_ATTEMPTS = 5;

const payloadSchema = z.strictObject({
  verificationId: z.uuid(),
  /** The send this code belongs to; a newer send makes this job send nothing. */
  sendId: z.uuid(),
  /** E.164. */
  to: z.string().regex(/^\+55[0-9]{10,11}$/),
  /** Removed once the job is over (sent, refused or stale), so the code does not sit in the table. */
  text: z.string().min(1).max(320).optional(),
});
export type PhoneCodeSmsPayload = z.infer<typeof payloadSchema>;

export async function enqueuePhoneCodeSms(
  tx: Queryable,
  payload: Required<PhoneCodeSmsPayload>,
): Promise<void> {
  await enqueue(tx, {
    kind: PHONE_CODE_SMS_JOB,
    payload: payloadSchema.parse(payload),
    maxAttempts: MAX_ATTEMPTS,
    idempotencyKey: `${PHONE_CODE_SMS_JOB}:${payload.sendId}`,
  });
}

/** The code is worth nothing once its job is over; the job row keeps the rest for the record. */
async function forgetText(db: Queryable, jobId: string): Promise<void> {
  await db.query(`UPDATE jobs SET payload = payload - 'text' WHERE id = $1`, [jobId]);
}

/**
 * Runs `phone-verification.sms` jobs: texts the code unless it was replaced, used, killed by wrong
 * guesses or expired meanwhile (a retry after an outage must not deliver a dead code). The job id
 * goes along as the idempotency key. A message the provider refuses for good fails the job at once.
 */
export function sendPhoneCodeHandler(sms: SmsSender): JobHandler {
  return async (job, { db, signal, logger }) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`invalid ${PHONE_CODE_SMS_JOB} payload`);
    const { verificationId, sendId, to, text } = parsed.data;
    // A run that already finished (the worker died before recording it): nothing left to send.
    if (text === undefined) return;

    const live = await db.query(
      `SELECT 1 FROM phone_verifications
        WHERE id = $1 AND send_id = $2 AND consumed_at IS NULL AND expires_at > now()
          AND failed_attempts < $3`,
      [verificationId, sendId, PHONE_CODE_LIMITS.maxFailedAttempts],
    );
    if (live.rows.length === 0) {
      await forgetText(db, job.id);
      logger.info({ jobId: job.id }, 'sms: verification code no longer pending; not sent');
      return;
    }

    let providerId: string | null;
    try {
      ({ providerId } = await sms.send({ to, text }, { idempotencyKey: job.id, signal }));
    } catch (err) {
      if (err instanceof SmsRejectedError) {
        await forgetText(db, job.id);
        throw new PermanentJobError(err.message, { cause: err });
      }
      // The last attempt: the job gives up now, and a failed job would keep the code for good.
      if (job.attempts >= job.maxAttempts) await forgetText(db, job.id);
      throw err;
    }
    await forgetText(db, job.id);
    // The number stays out of the log; the job id leads to it.
    logger.info({ jobId: job.id, sms: sms.kind, providerId }, 'sms: verification code sent');
  };
}
