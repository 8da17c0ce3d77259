import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  type CustomersPage,
  EXPORT_CUSTOMERS_URL,
  type ImportBatchResult,
} from '../../contracts/customers';
import { CUSTOMER_NOT_FOUND_TEXT } from '../../server/modules/customers/texts';
import { createTestAccount, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestAccount(server.db, { subscription: 'active' });
  intruder = await createTestAccount(server.db, { subscription: 'active' });
  customer = (
    await call<{ customer: Customer }>(owner, 'POST', '/api/customers', {
      name: 'Camila Rodrigues',
      phone: '11 99678-5544',
      email: 'camila@email.com.br',
      tags: ['noiva'],
    })
  ).body.data.customer;
  await server.db.query(
    `INSERT INTO tasks (company_id, customer_id, title, due_at) VALUES ($1, $2, 'Ligar', now())`,
    [owner.companyId, customer.id],
  );
});
afterAll(() => server?.close());

interface Answer<T> {
  status: number;
  headers: Headers;
  body: { success: boolean; data: T; error?: string; code?: string };
}

async function call<T = unknown>(
  who: { accessToken?: string } | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(who?.accessToken && { authorization: `Bearer ${who.accessToken}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.startsWith('application/json')
      ? await response.json()
      : { success: true, data: await response.text() },
  };
}

/** The owner's customer as stored, with their task: what an intruder must not be able to change. */
async function ownersData() {
  const customers = await server.db.query('SELECT * FROM customers WHERE company_id = $1', [owner.companyId]);
  const tasks = await server.db.query('SELECT id, customer_id FROM tasks WHERE company_id = $1', [
    owner.companyId,
  ]);
  return { customers: customers.rows, tasks: tasks.rows };
}

const routes = () => [
  { method: 'GET', path: '/api/customers' },
  { method: 'GET', path: `/api/customers/${customer.id}` },
  { method: 'POST', path: '/api/customers', body: { name: 'Novo' } },
  { method: 'PUT', path: `/api/customers/${customer.id}`, body: { name: 'Trocado' } },
  { method: 'DELETE', path: `/api/customers/${customer.id}` },
  {
    method: 'POST',
    path: '/api/customers/import',
    body: { importId: randomUUID(), batch: 0, rows: [{ line: 1, name: 'Importado' }] },
  },
  { method: 'GET', path: EXPORT_CUSTOMERS_URL },
];

describe('another company’s token', () => {
  it('gets 404 for the customer on detail, edit and delete, and changes nothing', async () => {
    const before = await ownersData();
    const detail = await call(intruder, 'GET', `/api/customers/${customer.id}`);
    const edit = await call(intruder, 'PUT', `/api/customers/${customer.id}`, {
      name: 'Invadido',
      phone: '',
    });
    const removal = await call(intruder, 'DELETE', `/api/customers/${customer.id}`);
    for (const answer of [detail, edit, removal]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: CUSTOMER_NOT_FOUND_TEXT,
      });
    }
    expect(await ownersData()).toEqual(before);
  });

  it('never lists, finds or exports the other company’s customers', async () => {
    const all = await call<CustomersPage>(intruder, 'GET', '/api/customers');
    expect(all.body.data).toEqual({
      customers: [],
      totalCount: 0,
      totalCountExact: true,
      endCursor: null,
      hasNextPage: false,
    });
    for (const search of ['camila', '99678', 'email.com.br']) {
      const found = await call<CustomersPage>(intruder, 'GET', `/api/customers?search=${search}`);
      expect(found.body.data.totalCount).toBe(0);
    }
    const csv = await call<string>(intruder, 'GET', EXPORT_CUSTOMERS_URL);
    expect(csv.status).toBe(200);
    expect(csv.body.data).not.toContain('Camila');
    // The owner's own list has them (the searches above could find them).
    const own = await call<CustomersPage>(owner, 'GET', '/api/customers?search=99678');
    expect(own.body.data.customers.map((c) => c.id)).toEqual([customer.id]);
  });

  it('cannot page with a cursor naming the other company’s customer', async () => {
    const ownPage = await call<CustomersPage>(owner, 'GET', '/api/customers?limit=10');
    const cursor = ownPage.body.data.endCursor!;
    const answer = await call<CustomersPage>(intruder, 'GET', `/api/customers?cursor=${cursor}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.customers).toEqual([]);
  });

  it('keeps imports apart: the same import id and batch is another company’s own batch', async () => {
    const importId = randomUUID();
    const mine = await call<ImportBatchResult>(owner, 'POST', '/api/customers/import', {
      importId,
      batch: 0,
      rows: [{ line: 1, name: 'Do Dono', phone: '11 91111-0000' }],
    });
    expect(mine.body.data.created).toBe(1);
    const theirs = await call<ImportBatchResult>(intruder, 'POST', '/api/customers/import', {
      importId,
      batch: 0,
      rows: [{ line: 1, name: 'Da Outra', phone: '11 91111-0000' }],
    });
    // Not the owner's stored result, and the owner's number is no duplicate elsewhere.
    expect(theirs.body.data.rows).toEqual([{ line: 1, status: 'created', customerId: expect.any(String) }]);
    expect(theirs.body.data.rows[0]!.customerId).not.toBe(mine.body.data.rows[0]!.customerId);
    const intruderNames = await server.db.query<{ name: string }>(
      'SELECT name FROM customers WHERE company_id = $1',
      [intruder.companyId],
    );
    expect(intruderNames.rows).toEqual([{ name: 'Da Outra' }]);
  });
});

describe('who may call', () => {
  it('answers 401 without a session on every route', async () => {
    for (const r of routes()) {
      const answer = await call(null, r.method, r.path, r.body);
      expect(answer.status, `${r.method} ${r.path}`).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to a user without a company on every route', async () => {
    const lonely = await createTestAccount(server.db, { company: false });
    for (const r of routes()) {
      const answer = await call(lonely, r.method, r.path, r.body);
      expect(answer.status, `${r.method} ${r.path}`).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
  });

  it('answers 402 without a current subscription on every route, and changes nothing', async () => {
    const before = await ownersData();
    for (const subscription of ['expired', 'canceled', undefined] as const) {
      const lapsed = await createTestAccount(server.db, subscription ? { subscription } : {});
      for (const r of routes()) {
        const answer = await call(lapsed, r.method, r.path, r.body);
        expect(answer.status, `${subscription} ${r.method} ${r.path}`).toBe(402);
        expect(answer.body.code).toBe('SUBSCRIPTION_REQUIRED');
      }
      const stored = await server.db.query('SELECT 1 FROM customers WHERE company_id = $1', [
        lapsed.companyId,
      ]);
      expect(stored.rowCount).toBe(0);
    }
    expect(await ownersData()).toEqual(before);
  });

  it('answers 402 to the owner’s own company once its subscription lapses', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active' });
    const created = await call<{ customer: Customer }>(account, 'POST', '/api/customers', { name: 'Antes' });
    expect(created.status).toBe(201);
    await server.db.query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE company_id = $1`,
      [account.companyId],
    );
    const id = created.body.data.customer.id;
    expect((await call(account, 'GET', `/api/customers/${id}`)).status).toBe(402);
    expect((await call(account, 'DELETE', `/api/customers/${id}`)).status).toBe(402);
    const stored = await server.db.query('SELECT 1 FROM customers WHERE id = $1', [id]);
    expect(stored.rowCount).toBe(1);
  });
});

describe('limits', () => {
  it('answers 429 to the 11th export of a company within a minute, and not to another company', async () => {
    const busy = await createTestAccount(server.db, { subscription: 'active' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(busy, 'GET', EXPORT_CUSTOMERS_URL)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const refused = await call(busy, 'GET', EXPORT_CUSTOMERS_URL);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const calm = await createTestAccount(server.db, { subscription: 'active' });
    expect((await call(calm, 'GET', EXPORT_CUSTOMERS_URL)).status).toBe(200);
  });
});
