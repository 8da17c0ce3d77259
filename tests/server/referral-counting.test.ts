import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingStatus } from '../../contracts/onboarding';
import type { RealtimeEvent } from '../../contracts/realtime';
import type { ReferralClaim, ReferralData } from '../../contracts/referral';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { createTestAccount, type TestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { deliveredCode } from '../support/phone-codes';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';
import { createTeamMember } from '../support/team-members';
import { completeSignup, connectBody } from '../support/whatsapp-signup';

/**
 * Indique e Ganhe on the server (issue 17): the claim sent with "Sobre sua empresa" is recorded only
 * when it holds; the referrer's company sees its installs (sign-up finished) and watchers (WhatsApp
 * connected), all time and this week, live; nobody else does.
 */

let server: TestServer;
let bus: EventBus;

beforeAll(async () => {
  server = await startTestServer();
  bus = await createEventBus(server.db);
});
afterAll(async () => {
  await bus?.close();
  await server?.close();
});

const company = {
  name: 'Doces da Ana',
  businessName: 'Ana Paula Ribeiro Confeitaria ME',
  documentType: 'cnpj',
  documentNumber: '11.222.333/0001-81',
};

let phoneSeq = 0;

interface Member {
  account: TestAccount;
  api: SignedInApi;
}

async function referrer(): Promise<Member & { companyId: string }> {
  const account = await createTestAccount(server.db, { subscription: 'active' });
  return { account, api: signedInApi(server.url, account), companyId: account.companyId! };
}

const claimOf = (who: { account: TestAccount }): ReferralClaim => ({
  referrerId: who.account.userId,
  referrerCompanyId: who.account.companyId!,
  branchLink: '',
});

/** Someone new: "Sobre você", then "Sobre sua empresa" carrying `referral` (or not). */
async function newcomerWithCompany(referral?: ReferralClaim): Promise<Member> {
  const account = await createTestAccount(server.db, { company: false, signupComplete: false });
  const api = signedInApi(server.url, account);
  expect((await api.put('/api/onboarding/user-name', { name: 'Ana Paula' })).status).toBe(200);
  const saved = await api.post<OnboardingStatus>('/api/onboarding/company', { ...company, referral });
  // The sign-up goes on whatever became of the claim.
  expect(saved.status).toBe(200);
  expect(saved.body.data.currentStep).toBe('phone');
  return { account, api };
}

/** The rest of sign-up: the phone, then the free trial, which completes it. */
async function finishSignup({ account, api }: Member) {
  const phone = `55119${String(70000000 + ++phoneSeq).padStart(8, '0')}`;
  expect(
    (
      await api.post('/api/onboarding/phone/send-verification', {
        phoneNumber: phone,
        userId: account.userId,
        isResend: false,
      })
    ).status,
  ).toBe(200);
  const code = await deliveredCode(server.db, server.url, phone);
  expect((await api.post('/api/onboarding/phone/verify', { phoneNumber: phone, code })).status).toBe(200);
  expect((await api.post('/api/onboarding/free-trial')).status).toBe(200);
}

async function connectWhatsapp({ api }: Member) {
  const phone = `55319${String(60000000 + ++phoneSeq).padStart(8, '0')}`;
  const signup = await completeSignup(server.url, { businessName: 'Doces da Ana', phone });
  const answer = await api.post<WhatsappConnectionState>('/api/whatsapp-connections', connectBody(signup));
  expect(answer.body.data.status).toBe('connected');
}

async function referralData(api: SignedInApi): Promise<ReferralData> {
  const answer = await api.get<ReferralData>('/api/settings/referral');
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const counters = (installs: number, watchers: number) => ({
  totalInstall: installs,
  totalWatcher: watchers,
});

describe('GET /api/settings/referral', () => {
  it("answers the caller's own link on the app's origin and zero counters for a company that referred nobody", async () => {
    const { account, api } = await referrer();
    expect(await referralData(api)).toEqual({
      referralLinks: [`${server.url}/?user_id=${account.userId}&company_id=${account.companyId}`],
      referredCounters: counters(0, 0),
      currentCampaign: counters(0, 0),
      rewards: [],
    });
  });

  it('is read by every role of the company, each with its own link, and by no other company', async () => {
    const owner = await referrer();
    const newcomer = await newcomerWithCompany(claimOf(owner));
    await finishSignup(newcomer);

    const staffAccount = await createTeamMember(server.db, owner.companyId, 'staff');
    const staff = await referralData(signedInApi(server.url, staffAccount));
    expect(staff.referredCounters).toEqual(counters(1, 0));
    expect(staff.referralLinks).toEqual([
      `${server.url}/?user_id=${staffAccount.userId}&company_id=${owner.companyId}`,
    ]);

    // Another company (even the referred one) sees only its own numbers.
    const other = await referrer();
    expect((await referralData(other.api)).referredCounters).toEqual(counters(0, 0));
    expect((await referralData(newcomer.api)).referredCounters).toEqual(counters(0, 0));
  });
});

describe('recording the referral with the sign-up', () => {
  it('counts an install when the referred company finishes sign-up, and a watcher when it connects its WhatsApp', async () => {
    const owner = await referrer();
    const newcomer = await newcomerWithCompany(claimOf(owner));
    // Created, not signed up yet: no install.
    expect((await referralData(owner.api)).referredCounters).toEqual(counters(0, 0));

    await finishSignup(newcomer);
    expect(await referralData(owner.api)).toMatchObject({
      referredCounters: counters(1, 0),
      currentCampaign: counters(1, 0),
    });

    await connectWhatsapp(newcomer);
    expect(await referralData(owner.api)).toMatchObject({
      referredCounters: counters(1, 1),
      currentCampaign: counters(1, 1),
    });
  });

  it('refuses a self-referral: the caller naming themself', async () => {
    const owner = await referrer();
    // The newcomer's own id as the referrer.
    const self = await createTestAccount(server.db, { company: false, signupComplete: false });
    const selfApi = signedInApi(server.url, self);
    await selfApi.put('/api/onboarding/user-name', { name: 'Ana Paula' });
    const saved = await selfApi.post<OnboardingStatus>('/api/onboarding/company', {
      ...company,
      referral: { referrerId: self.userId, referrerCompanyId: owner.companyId, branchLink: '' },
    });
    expect(saved.status).toBe(200);
    await finishSignup({ account: self, api: selfApi });
    expect((await referralData(owner.api)).referredCounters).toEqual(counters(0, 0));
  });

  it("refuses a referrer in a company the newcomer belongs to (their own company's link)", async () => {
    const owner = await referrer();
    // A member of the referrer's company who starts a company of their own from its link.
    const member = await createTeamMember(server.db, owner.companyId, 'staff');
    await server.db.query(
      'UPDATE users SET signup_completed_at = NULL, current_company_id = NULL WHERE id = $1',
      [member.userId],
    );
    const api = signedInApi(server.url, member);
    await api.put('/api/onboarding/user-name', { name: 'Ana Paula' });
    const saved = await api.post<OnboardingStatus>('/api/onboarding/company', {
      ...company,
      referral: claimOf(owner),
    });
    expect(saved.status).toBe(200);
    await finishSignup({ account: member, api });
    expect((await referralData(owner.api)).referredCounters).toEqual(counters(0, 0));
  });

  it('refuses a forged referrer: an unknown user, or a real user naming a company they are not in', async () => {
    const owner = await referrer();
    const stranger = await referrer();
    const unknown = await newcomerWithCompany({
      referrerId: randomUUID(),
      referrerCompanyId: owner.companyId,
      branchLink: '',
    });
    const wrongCompany = await newcomerWithCompany({
      referrerId: stranger.account.userId,
      referrerCompanyId: owner.companyId,
      branchLink: '',
    });
    await finishSignup(unknown);
    await finishSignup(wrongCompany);
    expect((await referralData(owner.api)).referredCounters).toEqual(counters(0, 0));
    expect((await referralData(stranger.api)).referredCounters).toEqual(counters(0, 0));
  });

  it('credits a company once: a second claim (the step sent again) changes nothing', async () => {
    const first = await referrer();
    const second = await referrer();
    const newcomer = await newcomerWithCompany(claimOf(first));
    const again = await newcomer.api.post<OnboardingStatus>('/api/onboarding/company', {
      ...company,
      referral: claimOf(second),
    });
    expect(again.status).toBe(200);
    await finishSignup(newcomer);
    expect((await referralData(first.api)).referredCounters).toEqual(counters(1, 0));
    expect((await referralData(second.api)).referredCounters).toEqual(counters(0, 0));
  });

  it('refuses a malformed claim as bad input, in the envelope', async () => {
    const account = await createTestAccount(server.db, { company: false, signupComplete: false });
    const api = signedInApi(server.url, account);
    await api.put('/api/onboarding/user-name', { name: 'Ana Paula' });
    const answer = await api.post('/api/onboarding/company', {
      ...company,
      referral: { referrerId: 'alguém', referrerCompanyId: '', branchLink: '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });
});

describe('this week and all time', () => {
  it('counts in the current campaign only what happened since Monday 00:00 in São Paulo', async () => {
    const owner = await referrer();
    const older = await newcomerWithCompany(claimOf(owner));
    await finishSignup(older);
    await connectWhatsapp(older);
    const recent = await newcomerWithCompany(claimOf(owner));
    await finishSignup(recent);
    // The older one installed and connected eight days ago: always before this week's Monday.
    await server.db.query(
      `UPDATE referrals SET installed_at = now() - interval '8 days', watcher_at = now() - interval '8 days'
        WHERE referred_company_id = $1`,
      [await currentCompany(older.account.userId)],
    );
    expect(await referralData(owner.api)).toMatchObject({
      referredCounters: counters(2, 1),
      currentCampaign: counters(1, 0),
    });
  });
});

async function currentCompany(userId: string): Promise<string> {
  const { rows } = await server.db.query<{ current_company_id: string }>(
    'SELECT current_company_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.current_company_id;
}

describe('live', () => {
  it('tells the referrer company (and only it) when a referred company installs and connects', async () => {
    const owner = await referrer();
    const other = await referrer();
    const toOwner: RealtimeEvent[] = [];
    const toOther: RealtimeEvent[] = [];
    const stopOwner = bus.subscribe(owner.companyId, (event) => toOwner.push(event));
    const stopOther = bus.subscribe(other.companyId, (event) => toOther.push(event));
    try {
      const newcomer = await newcomerWithCompany(claimOf(owner));
      await finishSignup(newcomer);
      await waitFor(async () => toOwner.length >= 1 || undefined);
      await connectWhatsapp(newcomer);
      await waitFor(async () => toOwner.length >= 2 || undefined);
      expect(toOwner.map((event) => [event.type, event.payload])).toEqual([
        ['referral.updated', { reason: 'install' }],
        ['referral.updated', { reason: 'watcher' }],
      ]);
      expect(toOther).toEqual([]);
    } finally {
      stopOwner();
      stopOther();
    }
  });
});
