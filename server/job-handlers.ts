import type { Config } from './config';
import { MAIL_SEND_JOB } from './integrations/mail/enqueue-email';
import type { Mailer } from './integrations/mail/mailer';
import { sendEmailHandler } from './integrations/mail/send-email-job';
import type { SmsSender } from './integrations/sms/sms-sender';
import type { JobHandler } from './jobs/worker';
import { PRUNE_JOB, pruneHandler } from './modules/maintenance/prune';
import { PHONE_CODE_SMS_JOB, sendPhoneCodeHandler } from './modules/phone-verification/sms-job';
import { FOLLOW_UP_SEND_JOB, sendFollowUpHandler } from './modules/tasks/follow-up-job';

/**
 * The job kinds this server runs; each module that enqueues work adds its handler here. Its own
 * module so benchmarks run the same handlers as server/main.ts.
 */
export const jobHandlers = (config: Config, mailer: Mailer, sms: SmsSender): Record<string, JobHandler> => ({
  [PRUNE_JOB]: pruneHandler,
  [MAIL_SEND_JOB]: sendEmailHandler(mailer),
  [PHONE_CODE_SMS_JOB]: sendPhoneCodeHandler(sms),
  [FOLLOW_UP_SEND_JOB]: sendFollowUpHandler(undefined, { expiryHours: config.followUpExpiryHours }),
});
