import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as advisor from '../../contracts/advisor';
import { EMPTY_AI_TRAINING } from '../../contracts/ai-training';
import type { CompanyInfoInput } from '../../contracts/company';
import { type Customer, EXPORT_CUSTOMERS_URL } from '../../contracts/customers';
import type { Deal, DealStage } from '../../contracts/sales';
import type { BusinessService } from '../../contracts/services';
import type { Task } from '../../contracts/tasks';
import { pauseFollowUpsOnEcho } from '../../server/modules/whatsapp-sending/customer-follow-up-pause';
import { moveFollowUps } from '../../server/modules/whatsapp-sending/follow-up-state';
import { sessionHeadersFor } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { connectSimNumber } from '../support/whatsapp-sending';
import { type ContractCall, isContract, workspaceContracts } from '../support/workspace-contracts';

/**
 * Issue 5: "another company's ids are never visible or changeable". Every call of the sales
 * workspace, read from the contracts (so a route added later fails here until it has a case), is
 * made with a second company's token against the first company's real rows: ids in the path are a
 * 404, ids in a body are a 400 on their field, lists and reports show none of it, and not one of the
 * first company's rows changes.
 */

// The advisor's calls too: its grounding reads every kind of the company's rows (its POSTs create
// nothing a key could repeat, so they are not among the workspace's creates).
const contracts = [...workspaceContracts, ...(Object.values(advisor) as unknown[]).filter(isContract)];

/** The first company's rows the calls aim at. */
interface Owned {
  customerId: string;
  customerName: string;
  pendingTaskId: string;
  completedTaskId: string;
  followUpId: string;
  dealId: string;
  /** A stage with the deal in it, and an empty one the owner added. */
  busyStageId: string;
  emptyStageId: string;
  stageIds: string[];
  serviceId: string;
  /** An import of a file, and that file's hash. */
  importId: string;
  importFileHash: string;
}

interface Case {
  path: (o: Owned) => string;
  body?: (o: Owned) => unknown;
  /** What the second company gets. */
  status: number;
  /** For a 400: the fields it names. */
  issuePaths?: string[];
}

const filledCompany: CompanyInfoInput = {
  name: 'Oficina do Bruno',
  businessName: 'Bruno Carvalho Mecânica ME',
  documentType: 'cnpj',
  documentNumber: '11.222.333/0001-81',
  showNubankWidget: true,
};

const cases: Record<string, Case> = {
  'GET /api/settings/company': { path: () => '/api/settings/company', status: 200 },
  'PUT /api/settings/company': {
    path: () => '/api/settings/company',
    body: () => filledCompany,
    status: 200,
  },

  'GET /api/customers': { path: (o) => `/api/customers?search=${o.customerName.slice(0, 6)}`, status: 200 },
  'GET /api/customers/:id': { path: (o) => `/api/customers/${o.customerId}`, status: 404 },
  'GET /api/customers/:id/conversation': {
    path: (o) => `/api/customers/${o.customerId}/conversation`,
    status: 404,
  },
  'POST /api/customers': {
    path: () => '/api/customers',
    body: () => ({ name: 'Cliente da Oficina' }),
    status: 201,
  },
  'PUT /api/customers/:id': {
    path: (o) => `/api/customers/${o.customerId}`,
    body: () => ({ name: 'Trocado', phone: '' }),
    status: 404,
  },
  'DELETE /api/customers/:id': { path: (o) => `/api/customers/${o.customerId}`, status: 404 },
  'POST /api/customers/import': {
    path: () => '/api/customers/import',
    // The first company's customer's number: no duplicate in another company.
    body: () => ({
      importId: randomUUID(),
      batch: 0,
      rows: [{ line: 1, name: 'Importada', phone: '11 99678-5544' }],
    }),
    status: 200,
  },
  'GET /api/customers/export': { path: () => EXPORT_CUSTOMERS_URL, status: 200 },
  'GET /api/customers/:id/data-export': {
    path: (o) => `/api/customers/${o.customerId}/data-export`,
    status: 404,
  },
  'POST /api/customers/:id/erase': {
    path: (o) => `/api/customers/${o.customerId}/erase`,
    body: (o) => ({ confirm: o.customerName }),
    status: 404,
  },
  // The same file as the owner's import: the intruder's company never imported it.
  'GET /api/customers/imports': {
    path: (o) => `/api/customers/imports?fileHash=${o.importFileHash}`,
    status: 200,
  },

  'GET /api/dashboard': { path: () => '/api/dashboard', status: 200 },

  'GET /api/customers/:customerId/activity': {
    path: (o) => `/api/customers/${o.customerId}/activity`,
    status: 404,
  },
  'GET /api/team/members': { path: () => '/api/team/members', status: 200 },

  'GET /api/sales/board': { path: () => '/api/sales/board', status: 200 },
  'GET /api/sales/stages/:stageId/deals': {
    path: (o) => `/api/sales/stages/${o.busyStageId}/deals`,
    status: 404,
  },
  'GET /api/sales/deals/:dealId': { path: (o) => `/api/sales/deals/${o.dealId}`, status: 404 },
  'POST /api/sales/deals': {
    path: () => '/api/sales/deals',
    body: (o) => ({
      title: 'Com ids de outra empresa',
      valueCents: 100,
      customerId: o.customerId,
      stageId: o.busyStageId,
      services: [{ serviceId: o.serviceId }],
    }),
    status: 400,
    issuePaths: ['customerId', 'services.0.serviceId', 'stageId'],
  },
  'PUT /api/sales/deals/:dealId': {
    path: (o) => `/api/sales/deals/${o.dealId}`,
    body: () => ({ title: 'Trocada', valueCents: 1 }),
    status: 404,
  },
  'DELETE /api/sales/deals/:dealId': { path: (o) => `/api/sales/deals/${o.dealId}`, status: 404 },
  'POST /api/sales/deals/:dealId/move': {
    path: (o) => `/api/sales/deals/${o.dealId}/move`,
    body: (o) => ({ stageId: o.emptyStageId, index: 0 }),
    status: 404,
  },
  'GET /api/sales/stages': { path: () => '/api/sales/stages', status: 200 },
  'POST /api/sales/stages': {
    path: () => '/api/sales/stages',
    body: () => ({ name: 'Orçamento' }),
    status: 201,
  },
  'PUT /api/sales/stages/:stageId': {
    path: (o) => `/api/sales/stages/${o.emptyStageId}`,
    body: () => ({ name: 'Trocada' }),
    status: 404,
  },
  'PUT /api/sales/stages-order': {
    path: () => '/api/sales/stages-order',
    body: (o) => ({ stageIds: [...o.stageIds].reverse() }),
    status: 400,
    issuePaths: ['stageIds'],
  },
  'DELETE /api/sales/stages/:stageId': { path: (o) => `/api/sales/stages/${o.emptyStageId}`, status: 404 },

  'GET /api/settings/services': { path: () => '/api/settings/services', status: 200 },
  'POST /api/settings/services': {
    path: () => '/api/settings/services',
    body: () => ({ name: 'Troca de óleo', priceCents: 15_000 }),
    status: 201,
  },
  'PUT /api/settings/services/:serviceId': {
    path: (o) => `/api/settings/services/${o.serviceId}`,
    body: () => ({ name: 'Trocado', priceCents: 1, active: false }),
    status: 404,
  },

  'GET /api/tasks': { path: () => '/api/tasks', status: 200 },
  'GET /api/tasks/summary': { path: () => '/api/tasks/summary', status: 200 },
  'GET /api/tasks/:taskId': { path: (o) => `/api/tasks/${o.pendingTaskId}`, status: 404 },
  'GET /api/followup/:followUpMessageId': { path: (o) => `/api/followup/${o.followUpId}`, status: 404 },
  'POST /api/tasks': {
    path: () => '/api/tasks',
    body: (o) => taskBody({ customerId: o.customerId, followUpMessage: 'Oi!' }),
    status: 400,
    issuePaths: ['customerId'],
  },
  'PUT /api/tasks/:taskId': {
    path: (o) => `/api/tasks/${o.pendingTaskId}`,
    body: () => taskBody({ title: 'Trocada' }),
    status: 404,
  },
  'DELETE /api/tasks/:taskId': { path: (o) => `/api/tasks/${o.pendingTaskId}`, status: 404 },
  'DELETE /api/tasks/:taskId/follow-up': {
    path: (o) => `/api/tasks/${o.pendingTaskId}/follow-up`,
    status: 404,
  },
  'POST /api/tasks/:taskId/complete': { path: (o) => `/api/tasks/${o.pendingTaskId}/complete`, status: 404 },
  // A completed task: reopening it is the change that must not happen.
  'POST /api/tasks/:taskId/reopen': { path: (o) => `/api/tasks/${o.completedTaskId}/reopen`, status: 404 },

  'GET /api/whatsapp-connections/status': { path: () => '/api/whatsapp-connections/status', status: 200 },

  // The owner's customer is paused with a paused follow-up, so resume and send-now would change rows.
  'GET /api/customers/:id/whatsapp': { path: (o) => `/api/customers/${o.customerId}/whatsapp`, status: 404 },
  'GET /api/customers/:id/follow-ups': {
    path: (o) => `/api/customers/${o.customerId}/follow-ups`,
    status: 404,
  },
  'POST /api/customers/:id/follow-ups/resume': {
    path: (o) => `/api/customers/${o.customerId}/follow-ups/resume`,
    status: 404,
  },
  'POST /api/followup/:followUpMessageId/send-now': {
    path: (o) => `/api/followup/${o.followUpId}/send-now`,
    status: 404,
  },
  // The intruder's company is connected: only the customer being another company's stops the reply.
  'POST /api/customers/:id/messages': {
    path: (o) => `/api/customers/${o.customerId}/messages`,
    body: () => ({ text: 'Oi, Camila!' }),
    status: 404,
  },

  // The advisor: the intruder's own conversation; questions naming the first company's records find none.
  'GET /api/advisor/conversation': { path: () => '/api/advisor/conversation', status: 200 },
  'DELETE /api/advisor/conversation': { path: () => '/api/advisor/conversation', status: 200 },
  'POST /api/advisor/conversation/messages': {
    path: () => '/api/advisor/conversation/messages',
    body: (o) => ({
      question: `O que ${o.customerName} falou? Tem tarefa atrasada, venda parada ou bolo de aniversário?`,
    }),
    status: 200,
  },
  'POST /api/advisor/preview': {
    path: () => '/api/advisor/preview',
    body: (o) => ({
      question: `Quanto custa o bolo de aniversário para ${o.customerName}?`,
      training: EMPTY_AI_TRAINING,
    }),
    status: 200,
  },
  'POST /api/advisor/suggest-message': {
    path: () => '/api/advisor/suggest-message',
    body: (o) => ({ customerId: o.customerId }),
    status: 404,
  },
};

let server: TestServer;
let owner: Subscriber;
let intruder: Subscriber;
let owned: Owned;

async function ok<T>(answer: Promise<{ status: number; body: { data: T } }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await newSubscriber(server);
  intruder = await newSubscriber(server);
  const api = owner.api;
  const customer = (
    await ok(
      api.post<{ customer: Customer }>('/api/customers', {
        name: 'Camila Rodrigues',
        phone: '11 99678-5544',
        email: 'camila@email.com.br',
      }),
    )
  ).customer;
  const service = (
    await ok(
      api.post<{ businessService: BusinessService }>('/api/settings/services', {
        name: 'Bolo de aniversário',
        priceCents: 18_000,
      }),
    )
  ).businessService;
  const empty = (await ok(api.post<{ stage: DealStage }>('/api/sales/stages', { name: 'Degustação' }))).stage;
  const stages = (await ok(api.get<{ stages: DealStage[] }>('/api/sales/stages'))).stages;
  const busy = stages.find((stage) => stage.name === 'Em negociação')!;
  const deal = (
    await ok(
      api.post<{ deal: Deal }>('/api/sales/deals', {
        title: 'Bolo do chá de bebê',
        valueCents: 18_000,
        customerId: customer.id,
        stageId: busy.id,
        services: [{ serviceId: service.id }],
      }),
    )
  ).deal;
  const pending = (
    await ok(
      api.post<{ task: Task }>(
        '/api/tasks',
        taskBody({ customerId: customer.id, followUpMessage: 'Oi, Camila!', recurrence: 'weekly' }),
      ),
    )
  ).task;
  const done = (await ok(api.post<{ task: Task }>('/api/tasks', taskBody({ title: 'Feita' })))).task;
  const importId = randomUUID();
  const importFileHash = 'c4'.repeat(32);
  await ok(
    api.post('/api/customers/import', {
      importId,
      batch: 0,
      file: {
        hash: importFileHash,
        name: 'clientes.csv',
        rows: 1,
        batchSize: 500,
        mapping: { name: 0, phone: null, email: null, notes: null, tags: null },
      },
      rows: [{ line: 1, name: 'Contato do arquivo' }],
    }),
  );
  await ok(api.post(`/api/tasks/${done.id}/complete`));
  // The owner answered Camila from the phone: her follow-ups wait for the owner to resume them.
  await server.db.transaction(async (tx) => {
    await pauseFollowUpsOnEcho(tx, owner.companyId, customer.id, new Date());
    const paused = await moveFollowUps(
      tx,
      owner.companyId,
      [pending.referenceEntityId!],
      ['scheduled'],
      'paused',
      'PAUSED',
    );
    expect(paused).toHaveLength(1);
  });
  await connectSimNumber(server.db, server.url, intruder.companyId);
  owned = {
    customerId: customer.id,
    customerName: customer.name,
    pendingTaskId: pending.id,
    completedTaskId: done.id,
    followUpId: pending.referenceEntityId!,
    dealId: deal.id,
    busyStageId: busy.id,
    emptyStageId: empty.id,
    stageIds: stages.map((stage) => stage.id),
    serviceId: service.id,
    importId,
    importFileHash,
  };
});
afterAll(() => server?.close());

/** Every row of the first company, as stored. */
async function ownersRows() {
  const tables = [
    'customers',
    'customer_counts',
    'audit_events',
    'customer_import_batches',
    'customer_imports',
    'idempotency_keys',
    'tasks',
    'task_day_counts',
    'follow_up_messages',
    'deal_stages',
    'deals',
    'deal_services',
    'services',
    'jobs',
    'whatsapp_send_attempts',
    'conversation_messages',
    'activity_events',
    'advisor_messages',
  ];
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    snapshot[table] = (
      await server.db.query(`SELECT * FROM ${table} t WHERE company_id = $1 ORDER BY t::text`, [
        owner.companyId,
      ])
    ).rows;
  }
  snapshot.companies = (
    await server.db.query('SELECT * FROM companies WHERE id = $1', [owner.companyId])
  ).rows;
  return snapshot;
}

async function call(contract: ContractCall, c: Case) {
  const body = c.body?.(owned);
  const response = await fetch(`${server.url}${c.path(owned)}`, {
    method: contract.method,
    headers: {
      ...sessionHeadersFor(intruder.account),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

it('has a case for every call of the workspace', () => {
  const missing = contracts.map((c) => `${c.method} ${c.url}`).filter((name) => !(name in cases));
  expect(missing).toEqual([]);
});

describe.each(contracts.map((c) => [`${c.method} ${c.url}`, c] as const))('%s', (name, contract) => {
  it("with another company's token: its rows stay unseen and unchanged", async () => {
    const c = cases[name];
    if (!c) return; // reported by the test above
    const before = await ownersRows();
    const { status, text } = await call(contract, c);

    expect(status, text).toBe(c.status);
    if (status === 404) {
      expect(JSON.parse(text)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    if (status === 400) {
      const failure = JSON.parse(text) as { code: string; issues: { path: string }[] };
      expect(failure.code).toBe('VALIDATION_ERROR');
      expect(failure.issues.map((issue) => issue.path).sort()).toEqual(c.issuePaths);
    }
    // Not one id or name of the first company's, in any answer (lists, reports, the CSV file).
    for (const secret of [...Object.values(owned).flat(), owner.companyId, owner.account.userId]) {
      expect(text, `${name} mentions ${secret}`).not.toContain(secret);
    }
    expect(await ownersRows()).toEqual(before);
  });
});
