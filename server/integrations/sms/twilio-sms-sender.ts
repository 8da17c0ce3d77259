import { type SmsMessage, SmsRejectedError, type SmsSender, type SmsSendOptions } from './sms-sender';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** A sender number (+E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com (or a simulator), no trailing slash. */
  apiBase: string;
  /** Per request; well below the job timeout, so a stuck provider fails the attempt itself. */
  timeoutMs?: number;
}

/** Twilio's error body: `{ code, message, more_info, status }`. */
interface TwilioError {
  code?: number;
  message?: string;
}

/**
 * Statuses that say nothing about the message: our credentials (fixed by configuration, after which
 * the same message goes through), a timeout, or throttling. Every other 4xx is Twilio's final answer
 * about this message (an invalid or unreachable number), and retrying only repeats it.
 */
const TRANSIENT_4XX = new Set([401, 408, 409, 429]);

/**
 * SMS through Twilio's Messages API (2010-04-01): a form-encoded POST with HTTP Basic auth (the
 * Account SID and auth token). 4xx other than the transient ones throw SmsRejectedError; 5xx and
 * network failures throw plain errors, so the job retries.
 */
export function createTwilioSmsSender(options: TwilioSmsOptions): SmsSender {
  const { accountSid, authToken, from, apiBase, timeoutMs = 15_000 } = options;
  const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const senderField = from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    kind: 'twilio',
    description: `Twilio (${new URL(apiBase).host})`,
    async send(message: SmsMessage, sendOptions: SmsSendOptions = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams([
          ['To', message.to],
          [senderField, from],
          ['Body', message.text],
        ]),
        signal: sendOptions.signal ? AbortSignal.any([timeout, sendOptions.signal]) : timeout,
      });
      const body = (await response.json().catch(() => null)) as (TwilioError & { sid?: string }) | null;
      if (response.ok) return { providerId: typeof body?.sid === 'string' ? body.sid : null };

      const reason = `Twilio answered ${response.status}${body?.code ? ` (code ${body.code})` : ''}: ${
        body?.message ?? response.statusText
      }`;
      if (response.status >= 400 && response.status < 500 && !TRANSIENT_4XX.has(response.status)) {
        throw new SmsRejectedError(reason, response.status, body?.code);
      }
      throw new Error(reason);
    },
  };
}
