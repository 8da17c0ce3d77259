import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { recordInDevOutbox } from '../../modules/dev-outbox/store';
import type { SmsMessage, SmsSender, SmsSendOptions } from './sms-sender';

/**
 * The embedded default: text messages are stored in `dev_outbox` (channel 'sms') and read on
 * /dev/outbox, so phone verification works offline. With a uuid idempotency key (the job id) a
 * retried job stores the message once.
 */
export function createDevOutboxSmsSender(db: Queryable): SmsSender {
  return {
    kind: 'dev-outbox',
    description: 'caixa de saída local (/dev/outbox)',
    async send(message: SmsMessage, options: SmsSendOptions = {}) {
      const id = isUuid(options.idempotencyKey) ? options.idempotencyKey : undefined;
      await recordInDevOutbox(db, { ...(id && { id }), channel: 'sms', to: message.to, text: message.text });
      return { providerId: id ?? null };
    },
  };
}
