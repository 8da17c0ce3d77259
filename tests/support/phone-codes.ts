import type { Db } from '../../server/db/types';
import { createDevOutboxSmsSender } from '../../server/integrations/sms/dev-outbox-sms-sender';
import { claim } from '../../server/jobs/claim';
import { complete } from '../../server/jobs/settle';
import { PHONE_CODE_SMS_JOB, sendPhoneCodeHandler } from '../../server/modules/phone-verification/sms-job';

const silent = { info() {}, warn() {}, error() {} };

/**
 * Runs the queued verification SMS jobs the way the worker would (test servers run no worker),
 * delivering to the dev outbox. Answers how many ran.
 */
export async function runPhoneCodeJobs(db: Db): Promise<number> {
  const handler = sendPhoneCodeHandler(createDevOutboxSmsSender(db));
  const jobs = await claim(db, 'test-worker', [PHONE_CODE_SMS_JOB], 100);
  for (const job of jobs) {
    await handler(job, { db, signal: new AbortController().signal, workerId: 'test-worker', logger: silent });
    await complete(db, job);
  }
  return jobs.length;
}

/** The SMS texts the dev outbox holds for a number (digits with 55), newest first. */
export async function smsTextsTo(url: string, phone: string): Promise<string[]> {
  const query = new URLSearchParams({ to: `+${phone}`, channel: 'sms' });
  const response = await fetch(`${url}/dev/outbox/messages?${query}`);
  const { data } = (await response.json()) as { data: { messages: { text: string }[] } };
  return data.messages.map((message) => message.text);
}

/** Delivers what is queued and reads the newest code texted to the number. */
export async function deliveredCode(db: Db, url: string, phone: string): Promise<string> {
  await runPhoneCodeJobs(db);
  const [latest] = await smsTextsTo(url, phone);
  const code = latest && /\b([0-9]{6})\b/.exec(latest)?.[1];
  if (!code) throw new Error(`no verification code was texted to +${phone}`);
  return code;
}
