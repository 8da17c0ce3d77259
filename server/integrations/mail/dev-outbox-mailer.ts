import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { recordInDevOutbox } from '../../modules/dev-outbox/store';
import type { EmailMessage } from './enqueue-email';
import type { Mailer, SendOptions } from './mailer';

/**
 * The embedded default: e-mails are stored in `dev_outbox` and read on /dev/outbox, so sign-up and
 * password reset work offline. With an idempotency key (a uuid: the job id) a retried job stores once.
 */
export function createDevOutboxMailer(db: Queryable): Mailer {
  return {
    kind: 'dev-outbox',
    description: 'caixa de saída local (/dev/outbox)',
    async send(message: EmailMessage, options: SendOptions = {}) {
      await recordInDevOutbox(db, {
        ...(isUuid(options.idempotencyKey) && { id: options.idempotencyKey }),
        channel: 'email',
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}
