import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createSmsSender } from '../../server/integrations/sms/create-sms-sender';
import { SmsRejectedError } from '../../server/integrations/sms/sms-sender';
import { createTwilioSmsSender } from '../../server/integrations/sms/twilio-sms-sender';
import { claim } from '../../server/jobs/claim';
import { PermanentJobError } from '../../server/jobs/permanent-error';
import { sendPhoneCode } from '../../server/modules/phone-verification/send-code';
import { PHONE_CODE_SMS_JOB, sendPhoneCodeHandler } from '../../server/modules/phone-verification/sms-job';
import { createTestAccount } from '../support/auth';
import { withTestDb } from '../support/db';
import { startTwilioSimulator, type TwilioSimulator } from '../support/twilio-simulator';

const t = withTestDb();
let twilio: TwilioSimulator;

beforeAll(async () => {
  twilio = await startTwilioSimulator();
});
afterAll(() => twilio?.close());

const FROM = '+5511900000000';
const sender = (overrides: { authToken?: string; from?: string; apiBase?: string } = {}) =>
  createTwilioSmsSender({
    accountSid: twilio.accountSid,
    authToken: overrides.authToken ?? twilio.authToken,
    from: overrides.from ?? FROM,
    apiBase: overrides.apiBase ?? twilio.url,
  });

const message = { to: '+5511912345678', text: 'Fechaí: seu código de verificação é 123456.' };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (err: unknown) => err,
  );
}

describe('the Twilio sender', () => {
  it('posts the form with Basic auth and answers the message SID', async () => {
    const sent = await sender().send(message);
    expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.received.at(-1)).toEqual({
      to: message.to,
      from: FROM,
      messagingServiceSid: null,
      body: message.text,
    });
  });

  it('sends through a Messaging Service when TWILIO_FROM is its SID', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await sender({ from: service }).send(message);
    expect(twilio.received.at(-1)).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it('gives up on a message Twilio refuses for good (4xx)', async () => {
    const err = await rejection(sender().send({ ...message, to: '+55abc' }));
    expect(err).toBeInstanceOf(SmsRejectedError);
    expect(err).toMatchObject({ status: 400, providerCode: 21211 });
    expect((err as Error).message).toContain('21211');
  });

  it.each([
    [500, 20500, 'Internal Server Error'],
    [503, 20503, 'Service Unavailable'],
    [429, 20429, 'Too Many Requests'],
  ])('retries later on %i', async (status, code, text) => {
    twilio.failNext(status, { code, message: text });
    const err = await rejection(sender().send(message));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(SmsRejectedError);
    expect((err as Error).message).toContain(String(status));
  });

  it('retries later on wrong credentials (a configuration fix delivers), never echoing the token', async () => {
    const err = await rejection(sender({ authToken: 'wrong-token-1234' }).send(message));
    expect(err).not.toBeInstanceOf(SmsRejectedError);
    expect((err as Error).message).toContain('401');
    expect((err as Error).message).not.toContain('wrong-token-1234');
  });

  it('retries later when Twilio cannot be reached', async () => {
    const gone = await startTwilioSimulator();
    await gone.close();
    const err = await rejection(sender({ apiBase: gone.url }).send(message));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(SmsRejectedError);
  });
});

describe('the verification SMS job on Twilio', () => {
  const silent = { info() {}, warn() {}, error() {} };

  async function queuedCode(phone: string) {
    const account = await createTestAccount(t.db, { signupComplete: false, nameConfirmed: true });
    await sendPhoneCode(t.db, {
      userId: account.userId,
      purpose: 'onboarding',
      phoneNumber: phone,
      isResend: false,
      resendSeconds: 60,
    });
    const [job] = await claim(t.db, 'test-worker', [PHONE_CODE_SMS_JOB], 1);
    return job!;
  }

  const context = () => ({
    db: t.db,
    signal: new AbortController().signal,
    workerId: 'test-worker',
    logger: silent,
  });

  async function payloadOf(jobId: string) {
    const { rows } = await t.db.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM jobs WHERE id = $1',
      [jobId],
    );
    return rows[0]!.payload;
  }

  it('texts the code in E.164 and then forgets it', async () => {
    const job = await queuedCode('(11) 97654-3210');
    await sendPhoneCodeHandler(sender())(job, context());
    const sms = twilio.received.at(-1)!;
    expect(sms.to).toBe('+5511976543210');
    expect(sms.body).toMatch(/^Fechaí: seu código de verificação é [0-9]{6}\. Ele vale por 10 minutos\./);
    const payload = await payloadOf(job.id);
    expect(payload).toMatchObject({ to: '+5511976543210' });
    expect(payload).not.toHaveProperty('text');
  });

  it('fails at once (no retries) when Twilio refuses the number', async () => {
    const job = await queuedCode('(21) 97654-3210');
    twilio.failNext(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const err = await rejection(sendPhoneCodeHandler(sender())(job, context()));
    expect(err).toBeInstanceOf(PermanentJobError);
    expect((err as Error).message).toContain('21610');
    expect(await payloadOf(job.id)).not.toHaveProperty('text');
  });

  it('keeps the code for the retry when Twilio is down', async () => {
    const job = await queuedCode('(31) 97654-3210');
    twilio.failNext(500, { code: 20500, message: 'Internal Server Error' });
    const err = await rejection(sendPhoneCodeHandler(sender())(job, context()));
    expect(err).not.toBeInstanceOf(PermanentJobError);
    expect(await payloadOf(job.id)).toHaveProperty('text');
  });

  it('forgets the code when its last attempt fails too: the job gives up and the code stays out of it', async () => {
    const job = await queuedCode('(41) 97654-3210');
    await t.db.query('UPDATE jobs SET attempts = max_attempts WHERE id = $1', [job.id]);
    const last = { ...job, attempts: job.maxAttempts };
    twilio.failNext(503, { code: 20503, message: 'Service Unavailable' });
    const err = await rejection(sendPhoneCodeHandler(sender())(last, context()));
    expect(err).not.toBeInstanceOf(PermanentJobError);
    expect((err as Error).message).toContain('503');
    const payload = await payloadOf(job.id);
    expect(payload).toMatchObject({ to: '+5541976543210' });
    expect(payload).not.toHaveProperty('text');
  });
});

describe('SMS configuration', () => {
  it('uses the dev outbox unless SMS_PROVIDER=twilio', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'dev-outbox' });
    expect(createSmsSender(loadConfig({}), t.db).kind).toBe('dev-outbox');
  });

  it('refuses Twilio without its credentials, naming each missing one', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Configuração inválida:/);
    expect(message).toContain('- TWILIO_AUTH_TOKEN: obrigatório com SMS_PROVIDER=twilio.');
    expect(message).toContain('- TWILIO_FROM: obrigatório com SMS_PROVIDER=twilio.');
    expect(message).not.toContain('TWILIO_ACCOUNT_SID');
    expect(() => loadConfig({ SMS_PROVIDER: 'sms-magico' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ TWILIO_FROM: '11 91234-5678' })).toThrow(/TWILIO_FROM/);
  });

  it('builds the Twilio sender from the environment, without its token in the description', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: FROM,
    });
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: FROM,
      apiBase: 'https://api.twilio.com',
    });
    const sms = createSmsSender(config, t.db);
    expect(sms.kind).toBe('twilio');
    expect(sms.description).toBe('Twilio (api.twilio.com)');
    expect(loadConfig({ PHONE_CODE_RESEND_SECONDS: '30', TRIAL_DAYS: '14' })).toMatchObject({
      phoneCodeResendSeconds: 30,
      trialDays: 14,
    });
    expect(() => loadConfig({ TRIAL_DAYS: '0' })).toThrow(/TRIAL_DAYS/);
  });
});
