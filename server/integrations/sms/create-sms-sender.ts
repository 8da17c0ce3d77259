import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { createDevOutboxSmsSender } from './dev-outbox-sms-sender';
import type { SmsSender } from './sms-sender';
import { createTwilioSmsSender } from './twilio-sms-sender';

/** Twilio when SMS_PROVIDER=twilio; otherwise the dev outbox, so everything works offline. */
export function createSmsSender(config: Pick<Config, 'sms'>, db: Queryable): SmsSender {
  return config.sms.provider === 'twilio' ? createTwilioSmsSender(config.sms) : createDevOutboxSmsSender(db);
}
