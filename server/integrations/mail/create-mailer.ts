import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { createDevOutboxMailer } from './dev-outbox-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise the dev outbox, so everything works offline. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Queryable): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createDevOutboxMailer(db);
}
