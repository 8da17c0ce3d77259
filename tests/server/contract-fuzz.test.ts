import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { EMPTY_AI_TRAINING } from '../../contracts/ai-training';
import type { Customer } from '../../contracts/customers';
import type { Deal, DealStage } from '../../contracts/sales';
import type { BusinessService } from '../../contracts/services';
import type { Task } from '../../contracts/tasks';
import type { TeamInvitation } from '../../contracts/team';
import { createEmailToken } from '../../server/auth/email-tokens';
import type { RouteContract } from '../../server/http/route';
import { loadSimulatorCredentials } from '../../server/integrations/billing/stripe-simulator/credentials';
import { createTestAccount } from '../support/auth';
import {
  type ContractCaseContext,
  contractCases,
  validRequestOf,
} from '../support/contract-fuzz/contract-cases';
import { type FuzzCase, problemWith, send } from '../support/contract-fuzz/fuzz-case';
import {
  type PageCaseContext,
  routesWithoutContract,
} from '../support/contract-fuzz/routes-without-contract';
import { seededRandom } from '../support/contract-fuzz/seeded-random';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber, signedInApi } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { joinTeam } from '../support/team';
import { control } from '../support/whatsapp-simulator';

/**
 * Issue 11: bad input is never a 500. Every route the server registers (read from the app as it
 * builds, so a route added later is fuzzed the day it lands) gets many malformed requests generated
 * from its contract's schemas, as a subscribed company with real rows, so the handlers really run:
 * NULs, forged cursors, odd dates, huge numbers, wrong types, long texts, unknown fields, deep
 * nesting, broken JSON, wrong content types, repeated parameters. Routes without a contract (pages,
 * simulators, downloads) are listed with why, and get their own cases. No answer may be a 5xx; every
 * /api answer is the envelope, with issues on every 400.
 */

/** The fuzz's seed: the same cases in the same order on every run. */
const SEED = 11;

let server: TestServer;
let owner: Subscriber;
const registered: RouteOptions[] = [];
let contractContext: ContractCaseContext;
let pageContext: PageCaseContext;

const routeName = (route: Pick<RouteOptions, 'method' | 'url'>) =>
  `${[route.method].flat().join(',')} ${route.url}`;

async function ok<T>(answer: Promise<{ status: number; body: { data: T } }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

beforeAll(async () => {
  server = await startTestServer({
    // Each request comes from an address of its own, so per-address limits never stop the fuzz.
    env: { TRUST_PROXY: '1' },
    onRoute: (route) => registered.push(route),
  });
  owner = await newSubscriber(server);
  const { api } = owner;
  const customer = (
    await ok(
      api.post<{ customer: Customer }>('/api/customers', {
        name: 'Camila Rodrigues',
        phone: '11 99678-5544',
      }),
    )
  ).customer;
  const service = (
    await ok(
      api.post<{ businessService: BusinessService }>('/api/settings/services', {
        name: 'Bolo',
        priceCents: 18_000,
      }),
    )
  ).businessService;
  const empty = (await ok(api.post<{ stage: DealStage }>('/api/sales/stages', { name: 'Degustação' }))).stage;
  const stages = (await ok(api.get<{ stages: DealStage[] }>('/api/sales/stages'))).stages;
  const busy = stages[1]!;
  const deal = (
    await ok(
      api.post<{ deal: Deal }>('/api/sales/deals', {
        title: 'Bolo do chá',
        valueCents: 18_000,
        customerId: customer.id,
        stageId: busy.id,
        services: [{ serviceId: service.id }],
      }),
    )
  ).deal;
  const task = (
    await ok(
      api.post<{ task: Task }>(
        '/api/tasks',
        taskBody({ customerId: customer.id, followUpMessage: 'Oi, Camila!', recurrence: 'weekly' }),
      ),
    )
  ).task;

  const blocked = await ok(
    api.post<{ id: string }>('/api/settings/whatsapp/blocklist', {
      name: 'Spam',
      phoneNumber: '11955554444',
    }),
  );

  // A number of the local WhatsApp Cloud API, with its business token, for its API and control routes.
  const whatsapp = await control<{ phoneNumberId: string; wabaId: string; token: string }>(
    server.url,
    'numbers',
    {},
  );
  // The team's routes: an open invitation, and a member to change and remove.
  const invitation = (
    await ok(
      api.post<{ invitation: TeamInvitation }>('/api/settings/team/invitations', {
        email: 'convite-fuzz@exemplo.com.br',
        role: 'staff',
      }),
    )
  ).invitation;
  const member = await joinTeam(server, owner, 'staff');
  // A saved AI training (version 1), for its history's routes.
  await ok(api.put('/api/settings/ai-training', { baseVersion: null, content: EMPTY_AI_TRAINING }));

  const ids: Record<string, string> = {
    entryId: blocked.id,
    invitationId: invitation.id,
    userId: member.account.userId,
    id: customer.id,
    customerId: customer.id,
    taskId: task.id,
    dealId: deal.id,
    serviceId: service.id,
    followUpMessageId: task.referenceEntityId!,
    version: '1',
    // No suggestion exists without the watcher: the routes answer their 404 in the envelope.
    suggestionId: '3f6c1d2e-8a4b-4c5d-9e0f-1a2b3c4d5e6f',
  };
  contractContext = {
    random: seededRandom(SEED),
    paramValue: (route, name) =>
      name === 'stageId' ? (route === 'DELETE /api/sales/stages/:stageId' ? empty.id : busy.id) : ids[name]!,
    hints: {
      customerId: customer.id,
      stageId: busy.id,
      serviceId: service.id,
      stageIds: stages.map((stage) => stage.id),
      userId: owner.account.userId,
      assigneeUserId: owner.account.userId,
      importId: '7c2e3f0a-1b4d-4e5f-8a9b-0c1d2e3f4a5b',
      // An import file's SHA-256 (the batch's `file.hash` and the lookup's `fileHash`).
      hash: 'ab'.repeat(32),
      fileHash: 'ab'.repeat(32),
      // Column indexes, whose field names (phone, email) would take the hints above.
      mapping: { name: 0, phone: 1, email: null, notes: null, tags: null },
      documentType: 'cnpj',
      documentNumber: '11.222.333/0001-81',
      phone: '11 98765-4321',
      phoneNumber: '(11) 91234-5678',
      code: '123456',
      // Meta's ids are digits (WhatsApp Business account, phone number, business).
      wabaId: '100000000000001',
      businessId: '100000000000003',
      email: 'fuzz@exemplo.com.br',
      token: await createEmailToken(server.db, { userId: owner.account.userId, purpose: 'verify_email' }),
      tag: 'fuzz.test',
      // A remote-config parameter's text (the first one the sample picks is a JSON object).
      value: '{}',
      url: 'http://localhost/customers',
      search: 'cam',
      cursor: undefined,
      page: undefined,
      // A real simulated number: the connect call's and the simulator's control API's.
      phoneNumberId: whatsapp.phoneNumberId,
      from: '5511987650001',
      to: '5511987650001',
      customer: '5511987650001',
      mediaId: '1234567890',
      mimeType: 'image/png',
      dataBase64: 'iVBORw0KGgo=',
      wamid: 'wamid.fuzz',
      // A WhatsApp message template (name and locale as Meta spells them).
      template: { name: 'lembrete_retorno', language: 'pt_BR' },
      // Templates added to the local Cloud API's account (Meta's name rule: lower case and _).
      templates: [
        {
          name: 'confirmacao_pedido',
          language: 'pt_BR',
          status: 'APPROVED',
          category: 'UTILITY',
          body: 'Olá, {{1}}! Seu pedido foi confirmado.',
        },
      ],
    },
  };

  const unpaid = signedInApi(server.url, await createTestAccount(server.db, { subscription: 'expired' }));
  const checkout = await ok(unpaid.post<{ url: string }>('/api/billing/checkout', { planId: 'monthly' }));
  const stranger = await createTestAccount(server.db, { company: false });
  const loginPage = await fetch(`${server.url}/auth/login`);
  const csrfToken = /fechai_auth_csrf=([^;]+)/.exec(loginPage.headers.get('set-cookie') ?? '')?.[1];
  if (!csrfToken) throw new Error('the sign-in page set no CSRF cookie');
  pageContext = {
    csrfToken,
    resetToken: await createEmailToken(server.db, { userId: stranger.userId, purpose: 'reset_password' }),
    stripe: {
      ...(await loadSimulatorCredentials(server.db)),
      checkoutSessionId: new URL(checkout.url).pathname.split('/').at(-1)!,
    },
    whatsapp,
  };
}, 120_000);
afterAll(() => server?.close());

const contractOf = (route: RouteOptions) => route.config?.contract as RouteContract | undefined;
/** HEAD twins of GET routes share the GET's handler. */
const isHeadTwin = (route: RouteOptions) => route.method === 'HEAD';

/** Deletions last, and the customer (whose tasks go with them) after everything else. */
function runOrder(route: RouteOptions): number {
  if (route.method !== 'DELETE') return 0;
  return route.url === '/api/customers/:id' ? 2 : 1;
}

let clientAddress = 0;

/** Sends every case in order and lists what is wrong with the answers. */
async function fuzz(cases: FuzzCase[]): Promise<string[]> {
  const problems: string[] = [];
  for (const fuzzCase of cases) {
    clientAddress += 1;
    const headers = {
      'x-forwarded-for': `10.${(clientAddress >> 16) & 255}.${(clientAddress >> 8) & 255}.${clientAddress & 255}`,
      ...(fuzzCase.path.startsWith('/api/') && { authorization: `Bearer ${owner.account.accessToken}` }),
      ...fuzzCase.headers,
    };
    const answer = await send(server.url, { ...fuzzCase, headers });
    const problem = problemWith(fuzzCase, answer);
    if (problem)
      problems.push(`${fuzzCase.route} — ${fuzzCase.name}: ${problem} ${answer.text.slice(0, 160)}`);
  }
  return problems;
}

describe('the routes the server registers', () => {
  it('each has a contract, or is listed with why it has none', () => {
    const served = registered.filter((route) => !isHeadTwin(route));
    const unknown = served
      .filter((route) => !contractOf(route) && !(routeName(route) in routesWithoutContract))
      .map(routeName);
    expect(unknown).toEqual([]);
    const stale = Object.keys(routesWithoutContract).filter(
      (name) => !served.some((r) => routeName(r) === name),
    );
    expect(stale).toEqual([]);
    for (const head of registered.filter(isHeadTwin)) {
      const twin = registered.some((r) => [r.method].flat().includes('GET') && r.url === head.url);
      expect(twin, head.url).toBe(true);
    }
  });

  it('each contract’s valid request is valid, so the malformed ones reach the handlers', () => {
    const invalid: string[] = [];
    for (const contract of registered.map(contractOf).filter((c) => c !== undefined)) {
      const valid = validRequestOf(contract, contractContext);
      if (contract.body && !safeParse(contract.body, valid.body).success) invalid.push(`${valid.route} body`);
      const query = Object.fromEntries(valid.query.map(([key, value]) => [key, decodeURIComponent(value)]));
      if (contract.query && !safeParse(contract.query, query).success) invalid.push(`${valid.route} query`);
    }
    expect(invalid).toEqual([]);
  });
});

describe('malformed requests', () => {
  it('to every contract: never a 5xx, always the envelope, issues on every 400', {
    timeout: 600_000,
  }, async () => {
    const routes = registered
      .filter((route) => contractOf(route) && !isHeadTwin(route))
      .sort((a, b) => runOrder(a) - runOrder(b));
    const cases = routes.flatMap((route) => contractCases(contractOf(route)!, contractContext));
    expect(cases.length).toBeGreaterThan(2000);
    const problems = await fuzz(cases);
    expect(problems, `${problems.length} wrong answers:\n${problems.join('\n')}`).toEqual([]);
  });

  it('to pages, simulators and the routes without a contract: never a 5xx', {
    timeout: 600_000,
  }, async () => {
    const cases = Object.values(routesWithoutContract).flatMap((route) => route.cases(pageContext));
    expect(cases.length).toBeGreaterThan(500);
    const problems = await fuzz(cases);
    expect(problems, `${problems.length} wrong answers:\n${problems.join('\n')}`).toEqual([]);
  });
});
