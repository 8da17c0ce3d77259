import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FreeTrial,
  INVALID_CNPJ_TEXT,
  INVALID_CPF_TEXT,
  type OnboardingStatus,
  type PhoneVerificationSent,
} from '../../contracts/onboarding';
import type { SessionCheck } from '../../contracts/session';
import {
  NOT_COMPANY_OWNER_TEXT,
  SIGNUP_COMPLETE_TEXT,
  TRIAL_STEPS_MISSING_TEXT,
} from '../../server/modules/onboarding/texts';
import { createTestAccount, type TestAccount } from '../support/auth';
import { deliveredCode } from '../support/phone-codes';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const PHONE = '5511912345678';

const company = {
  name: 'Doces da Ana',
  businessName: 'Ana Paula Ribeiro Confeitaria ME',
  documentType: 'cnpj',
  documentNumber: '11.222.333/0001-81',
};

/** Someone who just confirmed their e-mail: no company, sign-up not complete. */
async function newcomer(name = 'Ana Paula'): Promise<{ account: TestAccount; api: SignedInApi }> {
  const account = await createTestAccount(server.db, { company: false, signupComplete: false, name });
  return { account, api: signedInApi(server.url, account) };
}

const status = (api: SignedInApi) => api.get<OnboardingStatus>('/api/onboarding/status');

async function sessionCheck(account: TestAccount): Promise<SessionCheck> {
  const response = await fetch(`${server.url}/api/session/check`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  return ((await response.json()) as { data: SessionCheck }).data;
}

/** The database's idea of now, which every time the server answers is measured against. */
async function dbNow(): Promise<number> {
  const { rows } = await server.db.query<{ now: string }>('SELECT now() AS now');
  return Date.parse(rows[0]!.now);
}

async function verifyPhone(api: SignedInApi, account: TestAccount, phone = PHONE) {
  const sent = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
    phoneNumber: phone,
    userId: account.userId,
    isResend: false,
  });
  expect(sent.status).toBe(200);
  const code = await deliveredCode(server.db, server.url, phone);
  return api.post<OnboardingStatus>('/api/onboarding/phone/verify', { phoneNumber: phone, code });
}

describe('onboarding, step by step', () => {
  it('walks userName → companyDetails → phone → verifyPhone → trial, then completes sign-up', async () => {
    const { account, api } = await newcomer('Ana Paula');

    const first = await status(api);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      currentStep: 'userName',
      isSignupComplete: false,
      prefillData: { name: 'Ana Paula', phone: null },
      signupSteps: { userNameSet: false, hasCompanyCreated: false, phoneVerified: false },
      pendingVerification: null,
      company: null,
      joinedByInvitation: false,
    });
    expect((await sessionCheck(account)).needsOnboarding).toBe(true);

    const named = await api.put<OnboardingStatus>('/api/onboarding/user-name', {
      name: '  Ana Paula Ribeiro ',
    });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({
      currentStep: 'companyDetails',
      prefillData: { name: 'Ana Paula Ribeiro' },
      signupSteps: { userNameSet: true, hasCompanyCreated: false, phoneVerified: false },
    });

    const withCompany = await api.post<OnboardingStatus>('/api/onboarding/company', company);
    expect(withCompany.status).toBe(200);
    expect(withCompany.body.data).toMatchObject({
      currentStep: 'phone',
      signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: false },
      pendingVerification: null,
      // Masked as the form shows it.
      company: { ...company, documentNumber: '11.222.333/0001-81' },
    });

    const sent = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
      phoneNumber: '(11) 91234-5678',
      userId: account.userId,
      isResend: false,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.phoneNumber).toBe(PHONE);
    expect((await status(api)).body.data).toMatchObject({
      currentStep: 'verifyPhone',
      prefillData: { name: 'Ana Paula Ribeiro', phone: PHONE },
      // A reload learns the same times the send answered.
      pendingVerification: sent.body.data,
    });

    const code = await deliveredCode(server.db, server.url, PHONE);
    const verified = await api.post<OnboardingStatus>('/api/onboarding/phone/verify', {
      phoneNumber: PHONE,
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({
      currentStep: 'trial',
      isSignupComplete: false,
      prefillData: { name: 'Ana Paula Ribeiro', phone: PHONE },
      signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: true },
      pendingVerification: null,
      company: { ...company, documentNumber: '11.222.333/0001-81' },
      joinedByInvitation: false,
    });
    // Still onboarding: the trial step is what completes sign-up.
    expect((await sessionCheck(account)).needsOnboarding).toBe(true);

    const offer = await api.get<FreeTrial>('/api/onboarding/free-trial');
    expect(offer.status).toBe(200);
    expect(offer.body.data).toMatchObject({ trialDays: 7, started: false });
    const offeredEnd = Date.parse(offer.body.data.endsAt) - (await dbNow());
    expect(offeredEnd).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(offeredEnd).toBeLessThanOrEqual(7 * DAY_MS);

    const started = await api.post<FreeTrial>('/api/onboarding/free-trial');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ trialDays: 7, started: true });

    const { rows } = await server.db.query<{ status: string; plan: string; days: number }>(
      `SELECT s.status, s.plan, (extract(epoch FROM s.current_period_end - s.current_period_start) / 86400)::float8 AS days
         FROM subscriptions s JOIN users u ON u.current_company_id = s.company_id WHERE u.id = $1`,
      [account.userId],
    );
    expect(rows).toEqual([{ status: 'trialing', plan: 'trial', days: 7 }]);

    expect((await status(api)).body.data).toMatchObject({ currentStep: 'trial', isSignupComplete: true });
    const session = await sessionCheck(account);
    expect(session.needsOnboarding).toBe(false);
    expect(session.hasCompany).toBe(true);
    expect(session.hasNoCurrentSubscriptionActive).toBe(false);
    expect(session.user).toMatchObject({ name: 'Ana Paula Ribeiro', mobilePhone: PHONE });

    // Idempotent: the same answer, still one subscription.
    const again = await api.post<FreeTrial>('/api/onboarding/free-trial');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(started.body.data);
    expect((await api.get<FreeTrial>('/api/onboarding/free-trial')).body.data).toEqual(started.body.data);
    const count = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions s JOIN users u ON u.current_company_id = s.company_id
        WHERE u.id = $1`,
      [account.userId],
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('needs a signed-in caller, but not a company', async () => {
    const anonymous = await fetch(`${server.url}/api/onboarding/status`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const { api } = await newcomer();
    expect((await status(api)).status).toBe(200);
  });

  it('refuses an empty name', async () => {
    const { api } = await newcomer();
    const answer = await api.put('/api/onboarding/user-name', { name: ' ' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'name', message: 'Informe seu nome.' }]);
    expect((await status(api)).body.data).toMatchObject({ currentStep: 'userName' });
  });
});

describe('the pending code in the status', () => {
  it('tells the times of the latest send, by PHONE_CODE_RESEND_SECONDS, until the code expires', async () => {
    const other = await startTestServer({ env: { PHONE_CODE_RESEND_SECONDS: '90' } });
    try {
      const account = await createTestAccount(other.db, {
        company: true,
        signupComplete: false,
        name: 'Ana',
      });
      const api = signedInApi(other.url, account);
      await api.put('/api/onboarding/user-name', { name: 'Ana Paula' });
      const phone = '5511987650001';
      const pendingOf = async () => (await api.get<OnboardingStatus>('/api/onboarding/status')).body.data;

      expect((await pendingOf()).pendingVerification).toBeNull();
      const sent = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
        phoneNumber: phone,
        userId: account.userId,
        isResend: false,
      });
      expect(sent.status).toBe(200);
      const afterSend = await pendingOf();
      expect(afterSend.currentStep).toBe('verifyPhone');
      expect(afterSend.pendingVerification).toEqual(sent.body.data);
      // 90 s after the send, as the server refuses a resend before then.
      const { rows } = await other.db.query<{ sent_at: string }>(
        `SELECT last_sent_at AS sent_at FROM phone_verifications WHERE user_id = $1`,
        [account.userId],
      );
      expect(Date.parse(sent.body.data.resendAvailableAt) - Date.parse(rows[0]!.sent_at)).toBe(90_000);
      const early = await api.post('/api/onboarding/phone/send-verification', {
        phoneNumber: phone,
        userId: account.userId,
        isResend: true,
      });
      expect(early.status).toBe(429);

      // The cooldown passes; a resend replaces the times.
      await other.db.query(
        `UPDATE phone_verifications
            SET last_sent_at = last_sent_at - interval '91 seconds',
                expires_at = expires_at - interval '91 seconds',
                send_window_started_at = send_window_started_at - interval '91 seconds'
          WHERE user_id = $1`,
        [account.userId],
      );
      const resent = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
        phoneNumber: phone,
        userId: account.userId,
        isResend: true,
      });
      expect(resent.status).toBe(200);
      expect(Date.parse(resent.body.data.resendAvailableAt)).toBeGreaterThan(
        Date.parse(sent.body.data.resendAvailableAt),
      );
      expect((await pendingOf()).pendingVerification).toEqual(resent.body.data);

      // Expired: nothing pending, the phone form is current again.
      await other.db.query(
        `UPDATE phone_verifications SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [account.userId],
      );
      expect(await pendingOf()).toMatchObject({ currentStep: 'phone', pendingVerification: null });
    } finally {
      await other.close();
    }
  });
});

describe('Sobre sua empresa', () => {
  async function namedNewcomer() {
    const created = await newcomer();
    await created.api.put('/api/onboarding/user-name', { name: 'Ana Paula' });
    return created;
  }

  async function companyRows(userId: string) {
    const { rows } = await server.db.query<{
      id: string;
      name: string;
      business_name: string;
      document_type: string;
      document_number: string;
      role: string;
      current: boolean;
    }>(
      `SELECT c.id, c.name, c.business_name, c.document_type, c.document_number, m.role,
              u.current_company_id = c.id AS current
         FROM memberships m JOIN companies c ON c.id = m.company_id JOIN users u ON u.id = m.user_id
        WHERE m.user_id = $1`,
      [userId],
    );
    return rows;
  }

  it('creates the company, the owner membership and the current company, the document kept as digits', async () => {
    const { account, api } = await namedNewcomer();
    const answer = await api.post('/api/onboarding/company', company);
    expect(answer.status).toBe(200);
    expect(await companyRows(account.userId)).toEqual([
      expect.objectContaining({
        name: 'Doces da Ana',
        business_name: 'Ana Paula Ribeiro Confeitaria ME',
        document_type: 'cnpj',
        document_number: '11222333000181',
        role: 'owner',
        current: true,
      }),
    ]);
  });

  it('corrects the same company when sent again, instead of creating a second one', async () => {
    const { account, api } = await namedNewcomer();
    await api.post('/api/onboarding/company', company);
    const [before] = await companyRows(account.userId);
    const answer = await api.post('/api/onboarding/company', {
      name: 'Doces & Bolos da Ana',
      businessName: 'Ana Paula Ribeiro',
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
    });
    expect(answer.status).toBe(200);
    expect((answer.body.data as OnboardingStatus).company).toEqual({
      name: 'Doces & Bolos da Ana',
      businessName: 'Ana Paula Ribeiro',
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
    });
    expect(await companyRows(account.userId)).toEqual([
      expect.objectContaining({
        id: before!.id,
        name: 'Doces & Bolos da Ana',
        document_type: 'cpf',
        document_number: '52998224725',
      }),
    ]);
  });

  it('accepts an alphanumeric CNPJ, typed in any case with its mask', async () => {
    const { account, api } = await namedNewcomer();
    const answer = await api.post('/api/onboarding/company', {
      ...company,
      documentNumber: '12.abc.345/01de-35',
    });
    expect(answer.status).toBe(200);
    expect((await companyRows(account.userId))[0]).toMatchObject({ document_number: '12ABC34501DE35' });
  });

  it.each([
    ['a CPF with a wrong check digit', 'cpf', '529.982.247-24', INVALID_CPF_TEXT],
    ['a CPF of repeated digits', 'cpf', '111.111.111-11', INVALID_CPF_TEXT],
    ['a CPF that is too short', 'cpf', '529.982.247', INVALID_CPF_TEXT],
    ['a CNPJ with a wrong check digit', 'cnpj', '11.222.333/0001-80', INVALID_CNPJ_TEXT],
    ['a CNPJ of repeated digits', 'cnpj', '00.000.000/0000-00', INVALID_CNPJ_TEXT],
    ['a CNPJ number under the CPF type', 'cpf', '11.222.333/0001-81', INVALID_CPF_TEXT],
    ['an alphanumeric CNPJ with a wrong check digit', 'cnpj', '12.ABC.345/01DE-36', INVALID_CNPJ_TEXT],
  ])(
    'refuses %s with a 400 on documentNumber, and creates nothing',
    async (_, documentType, documentNumber, text) => {
      const { account, api } = await namedNewcomer();
      const answer = await api.post('/api/onboarding/company', { ...company, documentType, documentNumber });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(answer.body.issues).toEqual([{ path: 'documentNumber', message: text }]);
      expect(await companyRows(account.userId)).toEqual([]);
    },
  );

  it('refuses missing names and unknown fields', async () => {
    const { api } = await namedNewcomer();
    const noName = await api.post('/api/onboarding/company', { ...company, name: ' ', businessName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.issues).toEqual([
      { path: 'name', message: 'Informe o nome da empresa.' },
      { path: 'businessName', message: 'Informe a razão social.' },
    ]);
    const extra = await api.post('/api/onboarding/company', { ...company, plan: 'free' });
    expect(extra.status).toBe(400);
    expect(extra.body.issues).toEqual([{ path: 'plan', message: 'Campo não permitido' }]);
  });

  it('is refused to a member who did not create their company', async () => {
    const account = await createTestAccount(server.db, { signupComplete: false });
    await server.db.query(`UPDATE memberships SET role = 'staff' WHERE user_id = $1`, [account.userId]);
    const answer = await signedInApi(server.url, account).post('/api/onboarding/company', company);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'FORBIDDEN', error: NOT_COMPANY_OWNER_TEXT });
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [
      account.companyId,
    ]);
    expect(rows[0]!.name).toBe('Empresa de Teste');
  });
});

describe('the free trial', () => {
  it('needs every earlier step done, and changes nothing until then', async () => {
    const { account, api } = await newcomer();
    const refused = async () => {
      const answer = await api.post('/api/onboarding/free-trial');
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        error: TRIAL_STEPS_MISSING_TEXT,
      });
    };
    await refused();
    await api.put('/api/onboarding/user-name', { name: 'Ana Paula' });
    await refused();
    await api.post('/api/onboarding/company', company);
    await refused();

    const { rows } = await server.db.query<{ subscriptions: number; completed: boolean }>(
      `SELECT (SELECT count(*)::int FROM subscriptions s WHERE s.company_id = u.current_company_id) AS subscriptions,
              u.signup_completed_at IS NOT NULL AS completed
         FROM users u WHERE u.id = $1`,
      [account.userId],
    );
    expect(rows[0]).toEqual({ subscriptions: 0, completed: false });
    expect((await api.get<FreeTrial>('/api/onboarding/free-trial')).body.data.started).toBe(false);

    expect((await verifyPhone(api, account, '5521987654321')).status).toBe(200);
    expect((await api.post<FreeTrial>('/api/onboarding/free-trial')).body.data.started).toBe(true);
  });

  it('is not started again for a company that already had a subscription: sign-up completes, the paywall follows', async () => {
    const account = await createTestAccount(server.db, {
      signupComplete: false,
      nameConfirmed: true,
      mobilePhone: '5531991112222',
      subscription: 'expired',
    });
    const api = signedInApi(server.url, account);
    const answer = await api.post<FreeTrial>('/api/onboarding/free-trial');
    expect(answer.status).toBe(200);
    expect(answer.body.data.started).toBe(false);
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE company_id = $1',
      [account.companyId],
    );
    expect(rows[0]!.n).toBe(1);
    const session = await sessionCheck(account);
    expect(session.needsOnboarding).toBe(false);
    expect(session.hasNoCurrentSubscriptionActive).toBe(true);
  });

  it('lasts TRIAL_DAYS days', async () => {
    const other = await startTestServer({ env: { TRIAL_DAYS: '14' } });
    try {
      const account = await createTestAccount(other.db, {
        signupComplete: false,
        nameConfirmed: true,
        mobilePhone: '5511955554444',
      });
      const answer = await signedInApi(other.url, account).post<FreeTrial>('/api/onboarding/free-trial');
      expect(answer.body.data).toMatchObject({ trialDays: 14, started: true });
      const { rows } = await other.db.query<{ days: number }>(
        `SELECT (extract(epoch FROM current_period_end - current_period_start) / 86400)::float8 AS days
           FROM subscriptions WHERE company_id = $1`,
        [account.companyId],
      );
      expect(rows).toEqual([{ days: 14 }]);
    } finally {
      await other.close();
    }
  });
});

describe('after sign-up is complete', () => {
  it('refuses onboarding commands: the data belongs to Configurações now', async () => {
    const account = await createTestAccount(server.db, {
      signupComplete: true,
      mobilePhone: '5511977776666',
    });
    const api = signedInApi(server.url, account);
    const answers = [
      await api.put('/api/onboarding/user-name', { name: 'Outro Nome' }),
      await api.post('/api/onboarding/company', company),
      await api.post('/api/onboarding/phone/send-verification', {
        phoneNumber: '11988887777',
        userId: account.userId,
        isResend: false,
      }),
      await api.post('/api/onboarding/phone/verify', { phoneNumber: '11988887777', code: '123456' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, code: 'CONFLICT', error: SIGNUP_COMPLETE_TEXT });
    }
    expect((await status(api)).body.data).toMatchObject({
      currentStep: 'trial',
      isSignupComplete: true,
      signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: true },
    });
  });
});
