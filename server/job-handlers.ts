import type { Config } from './config';
import type { Llm } from './integrations/llm/llm';
import { MAIL_SEND_JOB } from './integrations/mail/enqueue-email';
import type { Mailer } from './integrations/mail/mailer';
import { sendEmailHandler } from './integrations/mail/send-email-job';
import type { SmsSender } from './integrations/sms/sms-sender';
import type { JobHandler } from './jobs/worker';
import { AI_WATCH_JOB, watchTurnHandler } from './modules/ai-watcher/watch-job';
import { PRUNE_JOB, pruneHandler } from './modules/maintenance/prune';
import { PHONE_CODE_SMS_JOB, sendPhoneCodeHandler } from './modules/phone-verification/sms-job';
import { FOLLOW_UP_SEND_JOB } from './modules/tasks/follow-up-job';
import type { Dispatcher } from './modules/whatsapp-sending/dispatcher';
import { sendFollowUpHandler } from './modules/whatsapp-sending/follow-up-dispatch';

/**
 * The job kinds this server runs; each module that enqueues work adds its handler here. Its own
 * module so benchmarks run the same handlers as server/main.ts.
 */
export const jobHandlers = (
  config: Config,
  mailer: Mailer,
  sms: SmsSender,
  whatsapp: Dispatcher | null,
  llm: Llm | null,
): Record<string, JobHandler> => ({
  [PRUNE_JOB]: pruneHandler,
  [MAIL_SEND_JOB]: sendEmailHandler(mailer),
  [PHONE_CODE_SMS_JOB]: sendPhoneCodeHandler(sms),
  // Null: the offline rules.
  [AI_WATCH_JOB]: watchTurnHandler(llm),
  // Without WhatsApp on this server (no Meta app, no dev pages) follow-ups stay queued.
  ...(whatsapp && {
    [FOLLOW_UP_SEND_JOB]: sendFollowUpHandler(whatsapp, { expiryHours: config.followUpExpiryHours }),
  }),
});
