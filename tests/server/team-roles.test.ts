import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLE_FORBIDDEN_TEXT, ROLES, type Role, roleAllows } from '../../contracts/roles';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { createTeamMember, removeTeamMember } from '../support/team-members';
import { type ContractCall, isContract } from '../support/workspace-contracts';

/**
 * Every call of the API, read from every module of contracts/ (and the files downloaded by address),
 * called by the owner, a manager and a staff member of a subscribed company (issue 15): a role below
 * the contract's minRole gets exactly the role's 403 and nothing changes; a role that reaches it never
 * does. A member removed from the team gets 401 on every call that needs a sign-in. The table below
 * says who each call is for, so a call added later without a line here fails the first test.
 */

type Access = 'public' | Role;

const ACCESS: Record<string, Access> = {
  // Open to anyone: no sign-in.
  'GET /api/health': 'public',
  'POST /api/client-errors': 'public',
  'POST /api/auth/validate-email': 'public',
  'POST /api/team/invitations/preview': 'public',
  // The signed-in person themselves, whatever their role.
  'GET /api/session/check': 'staff',
  'GET /api/remote-config': 'staff',
  'GET /api/session/companies': 'staff',
  'PUT /api/session/current-company': 'staff',
  'POST /api/team/invitations/accept': 'staff',
  'GET /api/onboarding/status': 'staff',
  'PUT /api/onboarding/user-name': 'staff',
  'POST /api/onboarding/company': 'staff',
  'POST /api/onboarding/phone/send-verification': 'staff',
  'POST /api/onboarding/phone/verify': 'staff',
  'GET /api/onboarding/free-trial': 'staff',
  'POST /api/onboarding/free-trial': 'staff',
  'GET /api/settings/user': 'staff',
  'POST /api/settings/phone/send-verification': 'staff',
  'GET /api/settings/phone/pending-verification': 'staff',
  'POST /api/settings/phone/verify': 'staff',
  // Indique e Ganhe: every member invites.
  'GET /api/settings/referral': 'staff',
  // Billing and the team: the owner's.
  'GET /api/paywall': 'owner',
  'POST /api/billing/checkout': 'owner',
  'GET /api/settings/subscription': 'owner',
  'PUT /api/settings/subscription/cancel-at-period-end': 'owner',
  'GET /api/settings/team': 'owner',
  'POST /api/settings/team/invitations': 'owner',
  'POST /api/settings/team/invitations/:invitationId/resend': 'owner',
  'DELETE /api/settings/team/invitations/:invitationId': 'owner',
  'PUT /api/settings/team/members/:userId': 'owner',
  'DELETE /api/settings/team/members/:userId': 'owner',
  'GET /api/team/members': 'staff',
  // Company data, exports, the LGPD erase, the catalogue and the stages: a manager's.
  'GET /api/settings/company': 'manager',
  'PUT /api/settings/company': 'manager',
  'GET /api/customers/export': 'manager',
  'GET /api/customers/:id/data-export': 'manager',
  'POST /api/customers/:id/erase': 'manager',
  'GET /api/settings/services': 'staff',
  'POST /api/settings/services': 'manager',
  'PUT /api/settings/services/:serviceId': 'manager',
  'GET /api/settings/ai-training': 'staff',
  'PUT /api/settings/ai-training': 'manager',
  'GET /api/settings/ai-training/versions': 'staff',
  'GET /api/settings/ai-training/versions/:version': 'staff',
  'POST /api/settings/ai-training/versions/:version/restore': 'manager',
  'GET /api/sales/stages': 'staff',
  'POST /api/sales/stages': 'manager',
  'PUT /api/sales/stages/:stageId': 'manager',
  'PUT /api/sales/stages-order': 'manager',
  'DELETE /api/sales/stages/:stageId': 'manager',
  // Customers, tasks, the board, conversations, follow-ups, the blocklist and WhatsApp: everyone's.
  'GET /api/dashboard': 'staff',
  'GET /api/customers': 'staff',
  'POST /api/customers': 'staff',
  'GET /api/customers/:id': 'staff',
  'PUT /api/customers/:id': 'staff',
  'DELETE /api/customers/:id': 'staff',
  'POST /api/customers/import': 'staff',
  'GET /api/customers/imports': 'staff',
  'GET /api/customers/:id/conversation': 'staff',
  'GET /api/customers/:customerId/activity': 'staff',
  'GET /api/customers/:id/whatsapp': 'staff',
  'GET /api/customers/:id/follow-ups': 'staff',
  'POST /api/customers/:id/follow-ups/resume': 'staff',
  'POST /api/customers/:id/messages': 'staff',
  'GET /api/tasks': 'staff',
  'POST /api/tasks': 'staff',
  'GET /api/tasks/summary': 'staff',
  'GET /api/tasks/:taskId': 'staff',
  'PUT /api/tasks/:taskId': 'staff',
  'DELETE /api/tasks/:taskId': 'staff',
  'DELETE /api/tasks/:taskId/follow-up': 'staff',
  'POST /api/tasks/:taskId/complete': 'staff',
  'POST /api/tasks/:taskId/reopen': 'staff',
  'GET /api/ai-suggestions': 'staff',
  'POST /api/ai-suggestions/:suggestionId/accept': 'staff',
  'POST /api/ai-suggestions/:suggestionId/dismiss': 'staff',
  'GET /api/followup/:followUpMessageId': 'staff',
  'POST /api/followup/:followUpMessageId/send-now': 'staff',
  'GET /api/sales/board': 'staff',
  'GET /api/sales/stages/:stageId/deals': 'staff',
  'POST /api/sales/deals': 'staff',
  'GET /api/sales/deals/:dealId': 'staff',
  'PUT /api/sales/deals/:dealId': 'staff',
  'DELETE /api/sales/deals/:dealId': 'staff',
  'POST /api/sales/deals/:dealId/move': 'staff',
  'GET /api/settings/whatsapp/blocklist': 'staff',
  'POST /api/settings/whatsapp/blocklist': 'staff',
  'DELETE /api/settings/whatsapp/blocklist/:entryId': 'staff',
  // The AI advisor: every member asks; the training's preview needs what saving the training needs.
  'GET /api/advisor/conversation': 'staff',
  'DELETE /api/advisor/conversation': 'staff',
  'POST /api/advisor/conversation/messages': 'staff',
  'POST /api/advisor/suggest-message': 'staff',
  'POST /api/advisor/preview': 'manager',
  'GET /api/whatsapp-connections/signup-config': 'staff',
  'POST /api/whatsapp-connections': 'staff',
  'DELETE /api/whatsapp-connections': 'staff',
  'POST /api/whatsapp-connections/disconnect-feedback': 'staff',
  'GET /api/whatsapp-connections/status': 'staff',
  'GET /api/whatsapp-connections/templates': 'staff',
  'GET /api/whatsapp-connections/follow-up-template': 'staff',
  'PUT /api/whatsapp-connections/follow-up-template': 'staff',
  'DELETE /api/whatsapp-connections/follow-up-template': 'staff',
};

type ApiCall = ContractCall;

/** Every module of contracts/, so a new file of calls is walked too. */
async function everyCall(): Promise<ApiCall[]> {
  const dir = fileURLToPath(new URL('../../contracts/', import.meta.url));
  const modules = await Promise.all(
    readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => import(`${dir}${file}`) as Promise<Record<string, unknown>>),
  );
  const byName = new Map<string, ApiCall>();
  for (const value of modules.flatMap((module) => Object.values(module))) {
    if (isContract(value)) byName.set(nameOf(value), value);
  }
  return [...byName.values()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
}

const nameOf = (call: ApiCall) => `${call.method} ${call.url}`;
const calls = await everyCall();

const SOME_ID = '0b6f3c5e-8d0a-4c1e-9a57-3f1d2b4c6e8a';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);
const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

let server: TestServer;
/** The routes the server declares, as "METHOD /url" (a contract's route may not be served yet). */
const served = new Set<string>();
const members = {} as Record<Role, TestAccount>;

beforeAll(async () => {
  server = await startTestServer({
    onRoute: (route) => {
      for (const method of [route.method].flat()) served.add(`${method} ${route.url}`);
    },
  });
  const owner = await createTestAccount(server.db, { subscription: 'active' });
  members.owner = owner;
  members.manager = await createTeamMember(server.db, owner.companyId!, 'manager');
  members.staff = await createTeamMember(server.db, owner.companyId!, 'staff');
});
afterAll(() => server?.close());

async function call(contract: ApiCall, account: TestAccount) {
  const response = await fetch(`${server.url}${concrete(contract.url)}`, {
    method: contract.method,
    headers: {
      ...sessionHeadersFor({ accessToken: account.accessToken }),
      ...(hasBody(contract.method) && { 'content-type': 'application/json' }),
    },
    // Deliberately empty: the role is checked before the input is.
    ...(hasBody(contract.method) && { body: '{}' }),
  });
  const text = await response.text();
  const body = (
    response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : {}
  ) as {
    success?: boolean;
    code?: string;
    error?: string;
  };
  return { status: response.status, body };
}

/** Every row of every table, as one digest: a refused call must leave it as it was. */
async function databaseDigest(): Promise<string> {
  const { rows: tables } = await server.db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await server.db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${name} t`,
    );
    parts.push(`${name}:${rows[0]!.digest ?? ''}`);
  }
  return parts.join('\n');
}

test('every call of contracts/ has a line in the table, and no line is left without its call', () => {
  expect(calls.length).toBeGreaterThan(80);
  expect(Object.keys(ACCESS).sort()).toEqual(calls.map(nameOf).sort());
});

test("each contract's minRole is the table's", () => {
  const declared = Object.fromEntries(calls.map((c) => [nameOf(c), c.minRole]));
  const expected = Object.fromEntries(
    Object.entries(ACCESS).map(([name, access]) => [
      name,
      access === 'owner' || access === 'manager' ? access : undefined,
    ]),
  );
  expect(declared).toEqual(expected);
});

describe.each(calls.map((c) => [nameOf(c), c] as const))('%s', (name, contract) => {
  const access = ACCESS[name];

  test.each([...ROLES])('called by %s', async (role) => {
    if (!served.has(name)) {
      // Declared but not served by this build: nobody reaches anything.
      expect((await call(contract, members[role])).status).toBe(404);
      return;
    }
    if (access !== 'public' && !roleAllows(role, contract.minRole)) {
      const before = await databaseDigest();
      const { status, body } = await call(contract, members[role]);
      expect(status).toBe(403);
      expect(body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        error: ROLE_FORBIDDEN_TEXT,
        requestId: expect.any(String),
      });
      expect(await databaseDigest()).toBe(before);
      return;
    }
    const { status, body } = await call(contract, members[role]);
    expect([401, 402]).not.toContain(status);
    expect(body.error).not.toBe(ROLE_FORBIDDEN_TEXT);
  });
});

describe('a member removed from the team', () => {
  let removed: TestAccount;
  beforeAll(async () => {
    removed = await createTeamMember(server.db, members.owner.companyId!, 'manager');
    await removeTeamMember(server.db, removed);
  });

  test.each(calls.filter((c) => ACCESS[nameOf(c)] !== 'public').map((c) => [nameOf(c), c] as const))(
    '%s: 401',
    async (name, contract) => {
      const { status, body } = await call(contract, removed);
      expect(status).toBe(served.has(name) ? 401 : 404);
      if (served.has(name)) expect(body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    },
  );
});

test("a sign-in still open after the membership is gone reaches none of the company's rows", async () => {
  const leaving = await createTeamMember(server.db, members.owner.companyId!, 'staff');
  await server.db.query('DELETE FROM memberships WHERE user_id = $1', [leaving.userId]);
  for (const url of ['/api/customers', '/api/tasks', '/api/sales/board', '/api/dashboard']) {
    const { status, body } = await call({ method: 'GET', url }, leaving);
    expect(status, url).toBe(403);
    expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(body.error).not.toBe(ROLE_FORBIDDEN_TEXT);
  }
});
