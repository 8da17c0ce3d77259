import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLE_FORBIDDEN_TEXT } from '../../contracts/roles';
import {
  ALREADY_INVITED_TEXT,
  ALREADY_MEMBER_TEXT,
  type CompanyChoice,
  INVITATION_GONE_TEXT,
  INVITATION_NOT_FOUND_TEXT,
  INVITATION_OTHER_EMAIL_TEXT,
  INVITATION_RESEND_TOO_SOON_TEXT,
  type Team,
  type TeamInvitation,
} from '../../contracts/team';
import { createTestAccount } from '../support/auth';
import { queuedEmails } from '../support/hosted-login';
import { newSubscriber, signedInApi, withSubscriberServer } from '../support/signed-in-api';
import { invitationTokenFor, joinTeam } from '../support/team';

/**
 * Issue 15: the owner invites people by e-mail; the link of the e-mail (read from the mail queue the
 * dev outbox and the real relay both deliver from) opens the invitation, which its addressee accepts
 * once, and which the owner may resend (a new secret) or revoke.
 */

const setup = withSubscriberServer();

type InvitationAnswer = { invitation: TeamInvitation };
type Preview = {
  invitation: {
    companyName: string;
    invitedByName: string | null;
    email: string;
    role: string;
    status: string;
  };
};

const anonymous = () => signedInApi(setup.server.url, { accessToken: '' });
const uniqueEmail = () => `convidada-${randomUUID().slice(0, 8)}@exemplo.com.br`;

async function inviteNew(role: 'manager' | 'staff' = 'staff', email = uniqueEmail()) {
  const answer = await setup.owner.api.post<InvitationAnswer>('/api/settings/team/invitations', {
    email,
    role,
  });
  expect(answer.status).toBe(201);
  return {
    email,
    invitation: answer.body.data.invitation,
    token: await invitationTokenFor(setup.server.db, email),
  };
}

describe('the invitation lifecycle', () => {
  it('invites by e-mail, previews without a session, accepts through the link and joins the company', async () => {
    await setup.server.db.query("UPDATE companies SET name = 'Doces da Ana' WHERE id = $1", [
      setup.owner.companyId,
    ]);
    await setup.server.db.query("UPDATE users SET name = 'Ana Lima' WHERE id = $1", [
      setup.owner.account.userId,
    ]);
    const person = await createTestAccount(setup.server.db, { company: false, signupComplete: false });
    await setup.server.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [person.userId]);

    // Typed with spaces and capitals: kept as users.email keeps addresses.
    const invited = await setup.owner.api.post<InvitationAnswer>('/api/settings/team/invitations', {
      email: `  ${person.email.toUpperCase()} `,
      role: 'manager',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data.invitation).toMatchObject({
      email: person.email,
      role: 'manager',
      invitedByName: 'Ana Lima',
      expired: false,
    });
    const { invitation } = invited.body.data;
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.lastSentAt)).toBe(7 * 86_400_000);

    const [mail] = await queuedEmails(setup.server.db, person.email);
    expect(mail?.subject).toBe('Convite para a equipe de Doces da Ana no Fechaí');
    expect(mail?.text).toContain('Ana Lima convidou você para a equipe de Doces da Ana no Fechaí');
    expect(mail?.text).toContain('perfil Gerente');
    const token = await invitationTokenFor(setup.server.db, person.email);
    expect(mail?.text).toContain(`/convite/${token}`);
    // Only the secret's hash is stored.
    const stored = await setup.server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM team_invitations WHERE id = $1',
      [invitation.id],
    );
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    const team = await setup.owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.invitations.map((i) => i.email)).toContain(person.email);

    const preview = await anonymous().post<Preview>('/api/team/invitations/preview', { token });
    expect(preview.status).toBe(200);
    expect(preview.body.data.invitation).toEqual({
      companyName: 'Doces da Ana',
      invitedByName: 'Ana Lima',
      email: person.email,
      role: 'manager',
      status: 'open',
    });

    const personApi = signedInApi(setup.server.url, person);
    const accepted = await personApi.post('/api/team/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ companyId: setup.owner.companyId, role: 'manager' });

    const user = await setup.server.db.query<{ current_company_id: string; verified: boolean }>(
      'SELECT current_company_id, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [person.userId],
    );
    expect(user.rows[0]).toEqual({ current_company_id: setup.owner.companyId, verified: true });
    const session = await personApi.get<{ role: string; companyCount: number }>('/api/session/check');
    expect(session.body.data).toMatchObject({ role: 'manager', companyCount: 1 });
    const companies = await personApi.get<{ companies: CompanyChoice[] }>('/api/session/companies');
    expect(companies.body.data.companies).toEqual([
      { id: setup.owner.companyId, name: 'Doces da Ana', role: 'manager', current: true },
    ]);

    const after = await setup.owner.api.get<Team>('/api/settings/team');
    expect(after.body.data.invitations.map((i) => i.email)).not.toContain(person.email);
    expect(after.body.data.members.find((m) => m.userId === person.userId)).toMatchObject({
      role: 'manager',
      isYou: false,
    });
    const members = after.body.data.members;
    expect(members[0]).toMatchObject({ userId: setup.owner.account.userId, role: 'owner', isYou: true });

    // The link now says it was used; its addressee accepting again lands in the same company.
    const used = await anonymous().post<Preview>('/api/team/invitations/preview', { token });
    expect(used.body.data.invitation.status).toBe('accepted');
    const again = await personApi.post('/api/team/invitations/accept', { token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ companyId: setup.owner.companyId, role: 'manager' });
    const someoneElse = signedInApi(
      setup.server.url,
      await createTestAccount(setup.server.db, { company: false }),
    );
    const late = await someoneElse.post('/api/team/invitations/accept', { token });
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'INVITATION_GONE', error: INVITATION_GONE_TEXT });
  });

  it('refuses a signed-in person whose e-mail is not the invited one (403) and changes nothing', async () => {
    const { token, invitation } = await inviteNew();
    const other = await createTestAccount(setup.server.db, { company: false });
    const refused = await signedInApi(setup.server.url, other).post('/api/team/invitations/accept', {
      token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: INVITATION_OTHER_EMAIL_TEXT });
    const row = await setup.server.db.query('SELECT 1 FROM memberships WHERE user_id = $1', [other.userId]);
    expect(row.rows).toHaveLength(0);
    const team = await setup.owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.invitations.map((i) => i.id)).toContain(invitation.id);
  });

  it('an unknown secret is a 404 on preview and accept; accept needs a session', async () => {
    const token = 'x'.repeat(43);
    const preview = await anonymous().post('/api/team/invitations/preview', { token });
    expect(preview.status).toBe(404);
    expect(preview.body).toMatchObject({ code: 'NOT_FOUND', error: INVITATION_NOT_FOUND_TEXT });
    const person = await createTestAccount(setup.server.db, { company: false });
    expect(
      (await signedInApi(setup.server.url, person).post('/api/team/invitations/accept', { token })).status,
    ).toBe(404);
    expect((await anonymous().post('/api/team/invitations/accept', { token })).status).toBe(401);
    const short = await anonymous().post('/api/team/invitations/preview', { token: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.issues?.[0]?.path).toBe('token');
  });

  it('an expired invitation previews as expired and cannot be accepted (410), but is listed for a resend', async () => {
    const { email, token, invitation } = await inviteNew();
    await setup.server.db.query(
      "UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [invitation.id],
    );
    const preview = await anonymous().post<Preview>('/api/team/invitations/preview', { token });
    expect(preview.body.data.invitation.status).toBe('expired');
    const person = await createTestAccount(setup.server.db, { company: false });
    await setup.server.db.query('UPDATE users SET email = $2 WHERE id = $1', [person.userId, email]);
    const refused = await signedInApi(setup.server.url, person).post('/api/team/invitations/accept', {
      token,
    });
    expect(refused.status).toBe(410);
    const team = await setup.owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.invitations.find((i) => i.id === invitation.id)?.expired).toBe(true);
  });

  it('revoking ends the link (preview "revoked", accept 410) and frees the e-mail for a new invitation', async () => {
    const { email, token, invitation } = await inviteNew();
    const revoked = await setup.owner.api.delete(`/api/settings/team/invitations/${invitation.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ revoked: true });
    expect((await setup.owner.api.delete(`/api/settings/team/invitations/${invitation.id}`)).status).toBe(
      404,
    );
    const preview = await anonymous().post<Preview>('/api/team/invitations/preview', { token });
    expect(preview.body.data.invitation.status).toBe('revoked');
    const person = await createTestAccount(setup.server.db, { company: false });
    await setup.server.db.query('UPDATE users SET email = $2 WHERE id = $1', [person.userId, email]);
    expect(
      (await signedInApi(setup.server.url, person).post('/api/team/invitations/accept', { token })).status,
    ).toBe(410);
    const team = await setup.owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.invitations.map((i) => i.id)).not.toContain(invitation.id);
    const fresh = await setup.owner.api.post('/api/settings/team/invitations', { email, role: 'staff' });
    expect(fresh.status).toBe(201);
  });
});

describe('inviting', () => {
  it('refuses a member (the owner themself included) and an address with an open invitation (409)', async () => {
    const self = await setup.owner.api.post('/api/settings/team/invitations', {
      email: setup.owner.account.email,
      role: 'staff',
    });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'CONFLICT', error: ALREADY_MEMBER_TEXT });

    const member = await joinTeam(setup.server, setup.owner, 'staff');
    const again = await setup.owner.api.post('/api/settings/team/invitations', {
      email: member.account.email,
      role: 'manager',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ALREADY_MEMBER_TEXT);

    const { email } = await inviteNew();
    const twice = await setup.owner.api.post('/api/settings/team/invitations', { email, role: 'manager' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(ALREADY_INVITED_TEXT);
    expect(await queuedEmails(setup.server.db, email)).toHaveLength(1);
  });

  it('answers 400 on a bad e-mail or role, and a repeated Idempotency-Key answers the first invitation', async () => {
    const bad = await setup.owner.api.post('/api/settings/team/invitations', {
      email: 'sem-arroba',
      role: 'owner',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.map((i) => i.path).sort()).toEqual(['email', 'role']);

    const email = uniqueEmail();
    const key = randomUUID();
    const first = await setup.owner.api.post<InvitationAnswer>(
      '/api/settings/team/invitations',
      { email, role: 'staff' },
      { 'idempotency-key': key },
    );
    const second = await setup.owner.api.post<InvitationAnswer>(
      '/api/settings/team/invitations',
      { email, role: 'staff' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.invitation.id).toBe(first.body.data.invitation.id);
    expect(await queuedEmails(setup.server.db, email)).toHaveLength(1);
  });
});

describe('resending', () => {
  it('waits INVITATION_RESEND_SECONDS (429 with Retry-After), then sends a new link and the old one stops working', async () => {
    const { email, token, invitation } = await inviteNew();
    const soon = await setup.owner.api.post(`/api/settings/team/invitations/${invitation.id}/resend`);
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 'RATE_LIMITED', error: INVITATION_RESEND_TOO_SOON_TEXT });
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Date.parse(invitation.resendAvailableAt) - Date.parse(invitation.lastSentAt)).toBe(60_000);

    await setup.server.db.query(
      `UPDATE team_invitations SET last_sent_at = last_sent_at - interval '61 seconds',
              expires_at = now() - interval '1 second' WHERE id = $1`,
      [invitation.id],
    );
    const resent = await setup.owner.api.post<InvitationAnswer>(
      `/api/settings/team/invitations/${invitation.id}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data.invitation).toMatchObject({ id: invitation.id, expired: false });
    expect(Date.parse(resent.body.data.invitation.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const count = await setup.server.db.query<{ send_count: number }>(
      'SELECT send_count FROM team_invitations WHERE id = $1',
      [invitation.id],
    );
    expect(count.rows[0]?.send_count).toBe(2);

    expect(await queuedEmails(setup.server.db, email)).toHaveLength(2);
    const newToken = await invitationTokenFor(setup.server.db, email);
    expect(newToken).not.toBe(token);
    expect((await anonymous().post('/api/team/invitations/preview', { token })).status).toBe(404);
    const preview = await anonymous().post<Preview>('/api/team/invitations/preview', { token: newToken });
    expect(preview.body.data.invitation.status).toBe('open');
  });
});

describe('who may manage invitations', () => {
  it("another company's owner gets 404 on these invitations; staff and managers get 403", async () => {
    const { invitation } = await inviteNew();
    const stranger = await newSubscriber(setup.server);
    expect((await stranger.api.post(`/api/settings/team/invitations/${invitation.id}/resend`)).status).toBe(
      404,
    );
    expect((await stranger.api.delete(`/api/settings/team/invitations/${invitation.id}`)).status).toBe(404);
    const theirs = await stranger.api.get<Team>('/api/settings/team');
    expect(theirs.body.data.invitations).toEqual([]);

    for (const role of ['manager', 'staff'] as const) {
      const member = await joinTeam(setup.server, setup.owner, role);
      for (const answer of [
        await member.api.get('/api/settings/team'),
        await member.api.post('/api/settings/team/invitations', { email: uniqueEmail(), role: 'staff' }),
        await member.api.post(`/api/settings/team/invitations/${invitation.id}/resend`),
        await member.api.delete(`/api/settings/team/invitations/${invitation.id}`),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.error).toBe(ROLE_FORBIDDEN_TEXT);
      }
    }
    const team = await setup.owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.invitations.map((i) => i.id)).toContain(invitation.id);
  });
});
