import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OnboardingStatus, PhoneVerificationSent } from '../../contracts/onboarding';
import type { SessionCheck } from '../../contracts/session';
import { invitationPath } from '../../contracts/team';
import { createTestAccount } from '../support/auth';
import { HostedBrowser, queuedEmails } from '../support/hosted-login';
import { deliveredCode } from '../support/phone-codes';
import { type SignedInApi, signedInApi, withSubscriberServer } from '../support/signed-in-api';
import { invitationTokenFor } from '../support/team';

/**
 * Issue 15: "an invited person who signs up or signs in joins the company and skips the company steps
 * of onboarding (a person still confirms their own name and phone)". A sign-up that comes back to the
 * invitation with the invited address is signed in at once (the link proved the inbox), and so is a
 * sign-in coming back to it from an account whose confirmation e-mail was never clicked.
 */

const setup = withSubscriberServer();
const PASSWORD = 'brigadeiro123';

async function invite(email: string) {
  const answer = await setup.owner.api.post('/api/settings/team/invitations', { email, role: 'staff' });
  expect(answer.status).toBe(201);
  return invitationTokenFor(setup.server.db, email);
}

const session = async (api: SignedInApi) => (await api.get<SessionCheck>('/api/session/check')).body.data;

describe('an invited person', () => {
  it('signs up from the invitation without a confirmation e-mail, joins, and finishes onboarding after name and phone', async () => {
    const { server, owner } = setup;
    const email = `atendente-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const token = await invite(email);

    const browser = new HostedBrowser(server.app);
    const redirect = invitationPath(token);
    const signedUp = await browser.submit(
      `/auth/signup?${new URLSearchParams({ redirect })}`,
      '/auth/signup',
      {
        name: 'Bia Santos',
        email,
        password: PASSWORD,
      },
    );
    expect(signedUp.status).toBe(303);
    const back = new URL(signedUp.location!);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('redirect')).toBe(redirect);
    // Only the invitation itself was ever mailed to the address.
    expect((await queuedEmails(server.db, email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Convite para a equipe/),
    ]);

    const api = signedInApi(server.url, { accessToken: back.searchParams.get('accessToken')! });
    expect((await session(api)).needsOnboarding).toBe(true);
    const accepted = await api.post('/api/team/invitations/accept', { token });
    expect(accepted.body.data).toEqual({ companyId: owner.companyId, role: 'staff' });

    const status = await api.get<OnboardingStatus>('/api/onboarding/status');
    expect(status.body.data).toMatchObject({
      currentStep: 'userName',
      isSignupComplete: false,
      signupSteps: { userNameSet: false, hasCompanyCreated: true, phoneVerified: false },
      joinedByInvitation: true,
    });
    const named = await api.put<OnboardingStatus>('/api/onboarding/user-name', { name: 'Bia Santos' });
    expect(named.body.data.currentStep).toBe('phone');

    // The inviting company's data is the owner's, not the invitee's.
    const company = await api.post('/api/onboarding/company', {
      name: 'Outra',
      businessName: 'Outra ME',
      documentType: 'cnpj',
      documentNumber: '11.222.333/0001-81',
    });
    expect(company.status).toBe(403);

    const phone = '5511955554444';
    const userId = back.searchParams.get('userId')!;
    const sent = await api.post<PhoneVerificationSent>('/api/onboarding/phone/send-verification', {
      phoneNumber: phone,
      userId,
      isResend: false,
    });
    expect(sent.status).toBe(200);
    const code = await deliveredCode(server.db, server.url, phone);
    const verified = await api.post<OnboardingStatus>('/api/onboarding/phone/verify', {
      phoneNumber: phone,
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.isSignupComplete).toBe(true);

    expect(await session(api)).toMatchObject({
      needsOnboarding: false,
      hasCompany: true,
      hasNoCurrentSubscriptionActive: false,
      role: 'staff',
    });
    // No trial of its own: the company's subscription is the owner's, unchanged.
    const subscriptions = await server.db.query('SELECT plan FROM subscriptions WHERE company_id = $1', [
      owner.companyId,
    ]);
    expect(subscriptions.rows).toHaveLength(1);
    expect((await api.get('/api/customers')).status).toBe(200);
  });

  it('signing up from an invitation with another address is an ordinary sign-up (confirmation e-mail, not signed in)', async () => {
    const { server } = setup;
    const token = await invite(`convidada-${randomUUID().slice(0, 8)}@exemplo.com.br`);
    const other = `outra-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const browser = new HostedBrowser(server.app);
    const answer = await browser.submit(
      `/auth/signup?${new URLSearchParams({ redirect: invitationPath(token) })}`,
      '/auth/signup',
      { name: 'Outra Pessoa', email: other, password: PASSWORD },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Enviamos um link de confirmação');
    expect((await queuedEmails(server.db, other)).map((mail) => mail.subject)).toEqual([
      'Confirme seu e-mail no Fechaí',
    ]);
    const user = await server.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [other],
    );
    expect(user.rows[0]?.verified).toBe(false);
  });

  it('someone whose earlier sign-up was never confirmed signs in from the invitation and accepts; without it, they are asked to confirm', async () => {
    const { server, owner } = setup;
    const email = `pendente-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const signedUp = await new HostedBrowser(server.app).submit('/auth/signup', '/auth/signup', {
      name: 'Caio Lima',
      email,
      password: PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    const token = await invite(email);

    // A plain sign-in still waits for the confirmation link.
    const plain = await new HostedBrowser(server.app).submit('/auth/login', '/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(plain.status).toBe(403);
    // So does one returning to somebody else's invitation.
    const othersToken = await invite(`outro-${randomUUID().slice(0, 8)}@exemplo.com.br`);
    const foreign = await new HostedBrowser(server.app).submit(
      `/auth/login?${new URLSearchParams({ redirect: invitationPath(othersToken) })}`,
      '/auth/login',
      { email, password: PASSWORD },
    );
    expect(foreign.status).toBe(403);
    // A wrong password is wrong, invitation or not.
    const wrong = await new HostedBrowser(server.app).submit(
      `/auth/login?${new URLSearchParams({ redirect: invitationPath(token) })}`,
      '/auth/login',
      { email, password: 'errada12345' },
    );
    expect(wrong.status).toBe(401);
    const before = await server.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    );
    expect(before.rows[0]?.verified).toBe(false);

    const redirect = invitationPath(token);
    const signedIn = await new HostedBrowser(server.app).submit(
      `/auth/login?${new URLSearchParams({ redirect })}`,
      '/auth/login',
      { email, password: PASSWORD },
    );
    expect(signedIn.status).toBe(303);
    const back = new URL(signedIn.location!);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('redirect')).toBe(redirect);
    const api = signedInApi(server.url, { accessToken: back.searchParams.get('accessToken')! });
    const accepted = await api.post('/api/team/invitations/accept', { token });
    expect(accepted.body.data).toEqual({ companyId: owner.companyId, role: 'staff' });
    const after = await server.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    );
    expect(after.rows[0]?.verified).toBe(true);
    // Confirmed now, a plain sign-in works too.
    const again = await new HostedBrowser(server.app).submit('/auth/login', '/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(again.status).toBe(303);
  });

  it('someone who had confirmed name and phone but not started a trial is done once they accept', async () => {
    const { server, owner } = setup;
    const person = await createTestAccount(server.db, {
      company: true,
      signupComplete: false,
      nameConfirmed: true,
      mobilePhone: '5511966665555',
    });
    const token = await invite(person.email);
    const api = signedInApi(server.url, person);
    expect((await session(api)).needsOnboarding).toBe(true);
    expect((await api.post('/api/team/invitations/accept', { token })).status).toBe(200);
    expect(await session(api)).toMatchObject({
      needsOnboarding: false,
      company: { id: owner.companyId },
      companyCount: 2,
    });
  });
});
