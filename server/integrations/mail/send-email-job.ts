import { PermanentJobError } from '../../jobs/permanent-error';
import type { JobHandler } from '../../jobs/worker';
import { emailMessageSchema } from './enqueue-email';
import { type Mailer, MailRejectedError } from './mailer';

/**
 * Runs `mail.send` jobs. The job id goes along as the idempotency key, so a job that runs twice is
 * stored once in the dev outbox and carries the same Message-ID over SMTP. A payload that does not
 * parse, or a message the relay refuses for good, fails the job at once instead of retrying.
 */
export function sendEmailHandler(mailer: Mailer): JobHandler {
  return async (job, { logger }) => {
    const parsed = emailMessageSchema.safeParse(job.payload);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(payload)').join(', ');
      throw new PermanentJobError(`invalid mail.send payload (${fields})`);
    }
    try {
      await mailer.send(parsed.data, { idempotencyKey: job.id });
    } catch (err) {
      if (err instanceof MailRejectedError) throw new PermanentJobError(err.message, { cause: err });
      throw err;
    }
    // The address stays out of the log; the job id leads to it.
    logger.info({ jobId: job.id, mailer: mailer.kind }, 'mail: sent');
  };
}
