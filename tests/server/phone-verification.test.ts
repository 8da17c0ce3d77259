import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_MOBILE_TEXT,
  type OnboardingStatus,
  type PhoneVerificationSent,
} from '../../contracts/onboarding';
import { PHONE_CODE_SMS_JOB } from '../../server/modules/phone-verification/sms-job';
import {
  cooldownText,
  EXPIRED_CODE_TEXT,
  hourlyCapText,
  NO_PENDING_CODE_TEXT,
  PHONE_IN_USE_TEXT,
  TOO_MANY_ATTEMPTS_TEXT,
  WRONG_USER_TEXT,
  wrongCodeText,
} from '../../server/modules/phone-verification/texts';
import { createTestAccount, type TestAccount } from '../support/auth';
import { deliveredCode, runPhoneCodeJobs, smsTextsTo } from '../support/phone-codes';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Each test texts its own number, so outboxes and "in use" checks never meet. */
let nextNumber = 10_000_000;
const freshPhone = () => `55119${(nextNumber++).toString().padStart(8, '0')}`;

interface Person {
  account: TestAccount;
  api: SignedInApi;
  send(phone: string, options?: { isResend?: boolean }): ReturnType<SignedInApi['post']>;
  verify(phone: string, code: string): ReturnType<SignedInApi['post']>;
}

/** Someone at the phone step of onboarding (name confirmed, company created). */
async function atPhoneStep(): Promise<Person> {
  const account = await createTestAccount(server.db, { signupComplete: false, nameConfirmed: true });
  const api = signedInApi(server.url, account);
  return {
    account,
    api,
    send: (phone, { isResend = false } = {}) =>
      api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
        phoneNumber: phone,
        userId: account.userId,
        isResend,
      }),
    verify: (phone, code) =>
      api.post<OnboardingStatus>('/api/onboarding/phone/verify', { phoneNumber: phone, code }),
  };
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function verification(userId: string) {
  const { rows } = await server.db.query<{ phone: string; failed_attempts: number; consumed: boolean }>(
    `SELECT phone, failed_attempts, consumed_at IS NOT NULL AS consumed
       FROM phone_verifications WHERE user_id = $1 AND purpose = 'onboarding'`,
    [userId],
  );
  return rows[0];
}

async function verifiedPhone(userId: string) {
  const { rows } = await server.db.query<{ mobile_phone: string | null; verified: boolean }>(
    'SELECT mobile_phone, mobile_phone_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** Moves the user's code back in time, as if `seconds` had passed since it was sent. */
async function age(userId: string, seconds: number) {
  await server.db.query(
    `UPDATE phone_verifications
        SET last_sent_at = last_sent_at - make_interval(secs => $2),
            expires_at = expires_at - make_interval(secs => $2),
            send_window_started_at = send_window_started_at - make_interval(secs => $2)
      WHERE user_id = $1`,
    [userId, seconds],
  );
}

describe('sending a code', () => {
  it('texts six digits, stores only their hash, and answers when the code ends and another may be asked', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    const national = phone.slice(2);
    const sent = await person.send(
      `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`,
    );
    expect(sent.status).toBe(200);
    const data = sent.body.data as PhoneVerificationSent;
    expect(data.phoneNumber).toBe(phone);
    // Both from one clock reading: 10 minutes of validity, 60 seconds of cooldown.
    expect(Date.parse(data.expiresAt) - Date.parse(data.resendAvailableAt)).toBe(9 * 60_000);

    const code = await deliveredCode(server.db, server.url, phone);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(await smsTextsTo(server.url, phone)).toEqual([
      `Fechaí: seu código de verificação é ${code}. Ele vale por 10 minutos. Não compartilhe este código.`,
    ]);

    const { rows } = await server.db.query<{ stored: string }>(
      'SELECT row_to_json(pv)::text AS stored FROM phone_verifications pv WHERE user_id = $1',
      [person.account.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stored).toContain(phone);
    expect(rows[0]!.stored).not.toContain(code);
    // The job that texted it forgot the text once it was sent.
    const jobs = await server.db.query<{ payload: string; status: string }>(
      `SELECT payload::text AS payload, status FROM jobs WHERE kind = $1 AND payload->>'to' = $2`,
      [PHONE_CODE_SMS_JOB, `+${phone}`],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]!.status).toBe('succeeded');
    expect(jobs.rows[0]!.payload).not.toContain(code);
  });

  it('refuses to send for another user (403), and queues nothing', async () => {
    await runPhoneCodeJobs(server.db); // what earlier tests left queued
    const person = await atPhoneStep();
    const other = await atPhoneStep();
    const phone = freshPhone();
    const answer = await person.api.post('/api/onboarding/phone/send-verification', {
      phoneNumber: phone,
      userId: other.account.userId,
      isResend: false,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: WRONG_USER_TEXT });
    expect(await runPhoneCodeJobs(server.db)).toBe(0);
    expect(await verification(other.account.userId)).toBeUndefined();
  });

  it('refuses what is not a Brazilian mobile', async () => {
    const person = await atPhoneStep();
    for (const phoneNumber of ['(11) 3333-4444', '119123', '(20) 91234-5678', 'abc']) {
      const answer = await person.send(phoneNumber);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([{ path: 'phoneNumber', message: INVALID_MOBILE_TEXT }]);
    }
  });

  it('refuses a number another account verified (409), before texting it', async () => {
    await runPhoneCodeJobs(server.db); // what earlier tests left queued
    const phone = freshPhone();
    await createTestAccount(server.db, { mobilePhone: phone });
    const person = await atPhoneStep();
    const answer = await person.send(phone);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: PHONE_IN_USE_TEXT });
    expect(await runPhoneCodeJobs(server.db)).toBe(0);
  });

  it('waits out the cooldown before another code (429 with the seconds), then replaces the old code', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    expect((await person.send(phone)).status).toBe(200);
    const firstCode = await deliveredCode(server.db, server.url, phone);

    const early = await person.send(phone, { isResend: true });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('RATE_LIMITED');
    const seconds = Number(early.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(early.body.error).toBe(cooldownText(seconds));
    // Another number does not skip the cooldown either.
    expect((await person.send(freshPhone())).status).toBe(429);

    await age(person.account.userId, 61);
    const resent = await person.send(phone, { isResend: true });
    expect(resent.status).toBe(200);
    const secondCode = await deliveredCode(server.db, server.url, phone);
    expect(await smsTextsTo(server.url, phone)).toHaveLength(2);

    if (secondCode !== firstCode) {
      const old = await person.verify(phone, firstCode);
      expect(old.status).toBe(400);
      expect(old.body.error).toBe(wrongCodeText(4));
    }
    expect((await person.verify(phone, secondCode)).status).toBe(200);
  });

  it('answers the pending code again when a first send is repeated (a double click), texting once', async () => {
    await runPhoneCodeJobs(server.db); // what earlier tests left queued
    const person = await atPhoneStep();
    const phone = freshPhone();
    const first = await person.send(phone);
    const repeated = await person.send(phone);
    expect(repeated.status).toBe(200);
    expect(repeated.body.data).toEqual(first.body.data);
    expect(await runPhoneCodeJobs(server.db)).toBe(1);
  });

  it('caps codes per hour (429), whatever the cooldown allows', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await person.send(phone, { isResend: true })).status).toBe(200);
      await server.db.query(
        `UPDATE phone_verifications SET last_sent_at = last_sent_at - interval '61 seconds' WHERE user_id = $1`,
        [person.account.userId],
      );
    }
    const capped = await person.send(phone, { isResend: true });
    expect(capped.status).toBe(429);
    const seconds = Number(capped.headers.get('retry-after'));
    expect(capped.body.error).toBe(hourlyCapText(Math.ceil(seconds / 60)));

    await age(person.account.userId, 60 * 60);
    expect((await person.send(phone, { isResend: true })).status).toBe(200);
  });

  it('does not text a code that was replaced before its job ran', async () => {
    await runPhoneCodeJobs(server.db); // what earlier tests left queued
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    await age(person.account.userId, 61);
    await person.send(phone, { isResend: true });
    expect(await runPhoneCodeJobs(server.db)).toBe(2);
    expect(await smsTextsTo(server.url, phone)).toHaveLength(1);
  });
});

describe('checking a code', () => {
  it('makes the number the verified mobile and uses the code up', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    const answer = await person.verify(phone, code);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ currentStep: 'trial', signupSteps: { phoneVerified: true } });
    expect(await verifiedPhone(person.account.userId)).toEqual({ mobile_phone: phone, verified: true });
    expect(await verification(person.account.userId)).toMatchObject({ consumed: true });

    const twice = await person.verify(phone, code);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(NO_PENDING_CODE_TEXT);
  });

  it('counts wrong codes: four more chances, then the code is dead, even for the right digits', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    for (const left of [4, 3, 2, 1]) {
      const answer = await person.verify(phone, wrongCode(code));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', error: wrongCodeText(left) });
      expect(answer.body.issues).toEqual([{ path: 'code', message: wrongCodeText(left) }]);
    }
    expect(wrongCodeText(1)).toBe('Código incorreto. Você tem mais 1 tentativa.');
    const fifth = await person.verify(phone, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_ATTEMPTS_TEXT });

    const right = await person.verify(phone, code);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(TOO_MANY_ATTEMPTS_TEXT);
    expect(await verifiedPhone(person.account.userId)).toEqual({ mobile_phone: null, verified: false });
    expect(await verification(person.account.userId)).toMatchObject({ failed_attempts: 5, consumed: false });
    // A dead code is not pending: the phone step is current again.
    expect((await person.api.get<OnboardingStatus>('/api/onboarding/status')).body.data.currentStep).toBe(
      'phone',
    );
  });

  it('counts parallel wrong guesses one by one: never more than five', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => person.verify(phone, wrongCode(code))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(4).fill(400), ...Array(8).fill(429)]);
    expect(await verification(person.account.userId)).toMatchObject({ failed_attempts: 5 });
    expect((await person.verify(phone, code)).status).toBe(429);
  });

  it('refuses an expired code', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    await server.db.query(
      `UPDATE phone_verifications SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [person.account.userId],
    );
    const answer = await person.verify(phone, code);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(EXPIRED_CODE_TEXT);
    expect(await verifiedPhone(person.account.userId)).toEqual({ mobile_phone: null, verified: false });
    expect((await person.api.get<OnboardingStatus>('/api/onboarding/status')).body.data).toMatchObject({
      currentStep: 'phone',
      prefillData: { phone: null },
    });
  });

  it('refuses a code for another number than the one it was sent to, without counting it', async () => {
    const person = await atPhoneStep();
    const phone = freshPhone();
    await person.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    const answer = await person.verify(freshPhone(), code);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(NO_PENDING_CODE_TEXT);
    expect(await verification(person.account.userId)).toMatchObject({ failed_attempts: 0 });
    const none = await (await atPhoneStep()).verify(phone, '123456');
    expect(none.body.error).toBe(NO_PENDING_CODE_TEXT);
  });

  it('refuses another user’s code', async () => {
    const owner = await atPhoneStep();
    const intruder = await atPhoneStep();
    const phone = freshPhone();
    await owner.send(phone);
    const code = await deliveredCode(server.db, server.url, phone);
    const answer = await intruder.verify(phone, code);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(NO_PENDING_CODE_TEXT);
    expect(await verifiedPhone(intruder.account.userId)).toEqual({ mobile_phone: null, verified: false });
    expect((await owner.verify(phone, code)).status).toBe(200);
  });

  it('refuses (409) a number another account verified after the code went out', async () => {
    const first = await atPhoneStep();
    const second = await atPhoneStep();
    const phone = freshPhone();
    await first.send(phone);
    await second.send(phone);
    await runPhoneCodeJobs(server.db);
    const [secondText, firstText] = await smsTextsTo(server.url, phone);
    const codeOf = (text: string | undefined) => /\b([0-9]{6})\b/.exec(text ?? '')?.[1] ?? '';
    expect((await second.verify(phone, codeOf(secondText))).status).toBe(200);

    const late = await first.verify(phone, codeOf(firstText));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT', error: PHONE_IN_USE_TEXT });
    expect(await verifiedPhone(first.account.userId)).toEqual({ mobile_phone: null, verified: false });
  });
});

describe('the per-route limit, a second line of defence', () => {
  it('stops one user’s flood of checks (429), not other people’s', async () => {
    const flooder = await atPhoneStep();
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 31 }, () => flooder.verify(phone, '123456')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(30).fill(400), 429]);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(limited.body).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Muitas requisições/),
    });

    const bystander = await atPhoneStep();
    expect((await bystander.verify(phone, '123456')).status).toBe(400);
  });
});

describe('PHONE_CODE_RESEND_SECONDS', () => {
  it('sets the cooldown', async () => {
    const other = await startTestServer({ env: { PHONE_CODE_RESEND_SECONDS: '0' } });
    try {
      const account = await createTestAccount(other.db, { signupComplete: false, nameConfirmed: true });
      const api = signedInApi(other.url, account);
      const body = { phoneNumber: freshPhone(), userId: account.userId, isResend: true };
      const first = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', body);
      expect(first.body.data.resendAvailableAt).not.toBe(first.body.data.expiresAt);
      expect(Date.parse(first.body.data.expiresAt) - Date.parse(first.body.data.resendAvailableAt)).toBe(
        10 * 60_000,
      );
      expect((await api.post('/api/onboarding/phone/send-verification', body)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
