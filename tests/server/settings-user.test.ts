import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneVerificationSent } from '../../contracts/onboarding';
import type { SettingsUser } from '../../contracts/settings';
import {
  NO_PENDING_CODE_TEXT,
  PHONE_IN_USE_TEXT,
  TOO_MANY_ATTEMPTS_TEXT,
} from '../../server/modules/phone-verification/texts';
import { SAME_PHONE_TEXT } from '../../server/modules/settings/texts';
import { createTestAccount } from '../support/auth';
import { deliveredCode } from '../support/phone-codes';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const OLD_PHONE = '5511911112222';
const NEW_PHONE = '5521922223333';

describe('GET /api/settings/user', () => {
  it('answers the signed-in user and their current company under getUser', async () => {
    const account = await createTestAccount(server.db, {
      name: 'Ana Paula Ribeiro',
      mobilePhone: '5511900001111',
    });
    await server.db.query(`UPDATE companies SET business_name = 'Ana Paula Ribeiro ME' WHERE id = $1`, [
      account.companyId,
    ]);
    const answer = await signedInApi(server.url, account).get<{ getUser: SettingsUser }>(
      '/api/settings/user',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const user = answer.body.data.getUser;
    expect(user).toEqual({
      id: account.userId,
      name: 'Ana Paula Ribeiro',
      email: account.email,
      mobilePhone: '5511900001111',
      mobilePhoneVerifiedAt: expect.any(String),
      createdAt: expect.any(String),
      company: { id: account.companyId, name: 'Empresa de Teste', businessName: 'Ana Paula Ribeiro ME' },
    });
    expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
  });

  it('answers a user without a company or a phone yet', async () => {
    const account = await createTestAccount(server.db, { company: false, signupComplete: false });
    const answer = await signedInApi(server.url, account).get<{ getUser: SettingsUser }>(
      '/api/settings/user',
    );
    expect(answer.body.data.getUser).toMatchObject({
      mobilePhone: null,
      mobilePhoneVerifiedAt: null,
      company: null,
    });
  });

  it('needs a signed-in caller', async () => {
    const answer = await fetch(`${server.url}/api/settings/user`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('changing the mobile (Acesso e Segurança)', () => {
  async function signedUp(phone: string) {
    const account = await createTestAccount(server.db, { mobilePhone: phone });
    const api = signedInApi(server.url, account);
    return {
      account,
      api,
      send: (phoneNumber: string) =>
        api.post<PhoneVerificationSent>('/api/settings/phone/send-verification', {
          phoneNumber,
          isResend: false,
        }),
      verify: (phoneNumber: string, code: string) =>
        api.post<{ mobilePhone: string }>('/api/settings/phone/verify', { phoneNumber, code }),
    };
  }

  async function phoneOf(userId: string) {
    const { rows } = await server.db.query<{ mobile_phone: string; verified_at: string }>(
      'SELECT mobile_phone, mobile_phone_verified_at AS verified_at FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]!;
  }

  it('replaces the number once the code sent to the new one checks out', async () => {
    const person = await signedUp(OLD_PHONE);
    const before = await phoneOf(person.account.userId);
    const sent = await person.send('(21) 92222-3333');
    expect(sent.status).toBe(200);
    expect(sent.body.data.phoneNumber).toBe(NEW_PHONE);
    // Nothing changes until the code is checked.
    expect((await phoneOf(person.account.userId)).mobile_phone).toBe(OLD_PHONE);

    const code = await deliveredCode(server.db, server.url, NEW_PHONE);
    const answer = await person.verify(NEW_PHONE, code);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ mobilePhone: NEW_PHONE });
    const after = await phoneOf(person.account.userId);
    expect(after.mobile_phone).toBe(NEW_PHONE);
    expect(Date.parse(after.verified_at)).toBeGreaterThanOrEqual(Date.parse(before.verified_at));
    const user = await person.api.get<{ getUser: SettingsUser }>('/api/settings/user');
    expect(user.body.data.getUser.mobilePhone).toBe(NEW_PHONE);
  });

  it('refuses the number the user already has (409), and one another account verified (409)', async () => {
    const person = await signedUp('5511933334444');
    const same = await person.send('(11) 93333-4444');
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: 'CONFLICT', error: SAME_PHONE_TEXT });

    await createTestAccount(server.db, { mobilePhone: '5511944445555' });
    const taken = await person.send('11944445555');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', error: PHONE_IN_USE_TEXT });
  });

  it('keeps the same limits: five wrong codes kill it', async () => {
    const person = await signedUp('5511955556666');
    await person.send('11966667777');
    const code = await deliveredCode(server.db, server.url, '5511966667777');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i += 1) expect((await person.verify('11966667777', wrong)).status).toBe(400);
    expect((await person.verify('11966667777', wrong)).status).toBe(429);
    const right = await person.verify('11966667777', code);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(TOO_MANY_ATTEMPTS_TEXT);
    expect((await phoneOf(person.account.userId)).mobile_phone).toBe('5511955556666');
  });
});

describe('GET /api/settings/phone/pending-verification', () => {
  const pendingAt = (api: ReturnType<typeof signedInApi>, phoneNumber: string) =>
    api.get<{ pendingVerification: PhoneVerificationSent | null }>(
      `/api/settings/phone/pending-verification?${new URLSearchParams({ phoneNumber })}`,
    );

  it('says which phone-change code is pending for that number, with the send’s times, until it is used', async () => {
    const account = await createTestAccount(server.db, { mobilePhone: '5511910101010' });
    const api = signedInApi(server.url, account);
    const none = await pendingAt(api, '21920202020');
    expect(none.status).toBe(200);
    expect(none.headers.get('cache-control')).toBe('no-store');
    expect(none.body.data).toEqual({ pendingVerification: null });

    const sent = await api.post<PhoneVerificationSent>('/api/settings/phone/send-verification', {
      phoneNumber: '21920202020',
      isResend: false,
    });
    // As typed or with 55: the same number.
    expect((await pendingAt(api, '(21) 92020-2020')).body.data).toEqual({
      pendingVerification: sent.body.data,
    });
    expect((await pendingAt(api, '5521920202020')).body.data).toEqual({
      pendingVerification: sent.body.data,
    });
    // Another number has none.
    expect((await pendingAt(api, '21930303030')).body.data).toEqual({ pendingVerification: null });

    const code = await deliveredCode(server.db, server.url, '5521920202020');
    expect((await api.post('/api/settings/phone/verify', { phoneNumber: '21920202020', code })).status).toBe(
      200,
    );
    expect((await pendingAt(api, '21920202020')).body.data).toEqual({ pendingVerification: null });
  });

  it('does not count an onboarding code, nor another user’s', async () => {
    const newcomer = await createTestAccount(server.db, { signupComplete: false, nameConfirmed: true });
    const newcomerApi = signedInApi(server.url, newcomer);
    await newcomerApi.post('/api/onboarding/phone/send-verification', {
      userId: newcomer.userId,
      phoneNumber: '11940404040',
      isResend: false,
    });
    expect((await pendingAt(newcomerApi, '11940404040')).body.data).toEqual({ pendingVerification: null });

    const other = await createTestAccount(server.db, { mobilePhone: '5511950505050' });
    const otherApi = signedInApi(server.url, other);
    await otherApi.post('/api/settings/phone/send-verification', {
      phoneNumber: '11960606060',
      isResend: false,
    });
    expect((await pendingAt(otherApi, '11960606060')).body.data.pendingVerification).not.toBeNull();
    expect((await pendingAt(newcomerApi, '11960606060')).body.data).toEqual({ pendingVerification: null });
  });

  it('refuses what is not a mobile number (400) and a caller not signed in (401)', async () => {
    const account = await createTestAccount(server.db, { mobilePhone: '5511970707070' });
    const bad = await pendingAt(signedInApi(server.url, account), '1234');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const anonymous = await fetch(
      `${server.url}/api/settings/phone/pending-verification?phoneNumber=11970707070`,
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('codes of one purpose do not work for the other', () => {
  it('an onboarding code is refused by the phone change, and a phone-change code by onboarding', async () => {
    const account = await createTestAccount(server.db, { signupComplete: false, nameConfirmed: true });
    const api = signedInApi(server.url, account);

    /** Sends a code to `phoneNumber` for one purpose and offers it to the other's `verifyPath`. */
    const offerElsewhere = async (
      send: { path: string; body?: Record<string, unknown> },
      verifyPath: string,
      phoneNumber: string,
    ) => {
      await api.post(send.path, { phoneNumber, isResend: false, ...send.body });
      const code = await deliveredCode(server.db, server.url, `55${phoneNumber}`);
      const answer = await api.post(verifyPath, { phoneNumber, code });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(NO_PENDING_CODE_TEXT);
      return code;
    };

    const onboardingCode = await offerElsewhere(
      { path: '/api/onboarding/phone/send-verification', body: { userId: account.userId } },
      '/api/settings/phone/verify',
      '11977778888',
    );
    await offerElsewhere(
      { path: '/api/settings/phone/send-verification' },
      '/api/onboarding/phone/verify',
      '11988889999',
    );

    // Each still works where it belongs.
    expect(
      (await api.post('/api/onboarding/phone/verify', { phoneNumber: '11977778888', code: onboardingCode }))
        .status,
    ).toBe(200);
  });
});
