import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE_INVALID_TEXT } from '../../contracts/brazil/customer-phone';
import {
  CUSTOMER_EMAIL_INVALID_TEXT,
  CUSTOMER_NAME_REQUIRED_TEXT,
  type Customer,
  type CustomerDetail,
  duplicatePhoneText,
} from '../../contracts/customers';
import { CUSTOMER_NOT_FOUND_TEXT } from '../../server/modules/customers/texts';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A signed-in owner of a company with a current subscription, and their API. */
async function owner() {
  const { account, api } = await newSubscriber(server);
  return {
    account,
    companyId: account.companyId!,
    api,
    create: (body: Record<string, unknown>) => api.post<{ customer: Customer }>('/api/customers', body),
    remove: (id: string) => api.delete(`/api/customers/${id}`),
  };
}

describe('POST /api/customers', () => {
  it('creates the customer (201) with the phone normalised, empty texts as null and tags unique', async () => {
    const { api } = await owner();
    const answer = await api.post<{ customer: Customer }>('/api/customers', {
      name: '  Mariana Souza ',
      phone: '(11) 98765-4321',
      email: '',
      notes: '   ',
      tags: ['VIP', 'bolo', 'vip', 'Bolo ', 'festa'],
      source: 'instagram',
    });
    expect(answer.status).toBe(201);
    const customer = answer.body.data.customer;
    expect(customer).toEqual({
      id: expect.any(String),
      name: 'Mariana Souza',
      phone: '5511987654321',
      email: null,
      notes: null,
      tags: ['VIP', 'bolo', 'festa'],
      source: 'instagram',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastContactAt: null,
    });
    const detail = await api.get<CustomerDetail>(`/api/customers/${customer.id}`);
    expect(detail.body.data.customer).toEqual(customer);
  });

  it('gives an old mobile written without the ninth digit its ninth digit back', async () => {
    const { create } = await owner();
    const answer = await create({ name: 'Seu Joaquim', phone: '11 8765-1111' });
    expect(answer.body.data.customer.phone).toBe('5511987651111');
  });

  it('keeps only the name when the rest is left out (source defaults to null)', async () => {
    const { create } = await owner();
    const answer = await create({ name: 'Só Nome' });
    expect(answer.status).toBe(201);
    expect(answer.body.data.customer).toMatchObject({
      phone: null,
      email: null,
      notes: null,
      tags: [],
      source: null,
    });
  });

  it('refuses a missing name, a phone that is not one, a bad e-mail, an unknown source, with issues per field', async () => {
    const { api, companyId } = await owner();
    const answer = await api.post('/api/customers', {
      name: '   ',
      phone: '123',
      email: 'maria@',
      source: 'jornal',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    const byPath = Object.fromEntries((answer.body.issues ?? []).map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      name: CUSTOMER_NAME_REQUIRED_TEXT,
      phone: CUSTOMER_PHONE_INVALID_TEXT,
      email: CUSTOMER_EMAIL_INVALID_TEXT,
    });
    expect(byPath.source).toEqual(expect.any(String));
    const stored = await server.db.query('SELECT 1 FROM customers WHERE company_id = $1', [companyId]);
    expect(stored.rowCount).toBe(0);
  });

  it('refuses more than 10 tags and unknown fields', async () => {
    const { api } = await owner();
    const tooMany = await api.post('/api/customers', {
      name: 'Ana',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues?.map((i) => i.path)).toEqual(['tags']);
    const unknown = await api.post('/api/customers', { name: 'Ana', companyId: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues?.map((i) => i.path)).toEqual(['companyId']);
  });

  it('answers 409 naming the customer who has the number, with or without the ninth digit', async () => {
    const { create, companyId } = await owner();
    expect((await create({ name: 'Patrícia Gomes', phone: '11 97321-8899' })).status).toBe(201);
    for (const phone of ['5511973218899', '+55 11 7321-8899', '(11) 7321-8899']) {
      const answer = await create({ name: 'Outra Pessoa', phone });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('CONFLICT');
      expect(answer.body.error).toBe(duplicatePhoneText('Patrícia Gomes'));
      expect(answer.body.issues).toEqual([{ path: 'phone', message: duplicatePhoneText('Patrícia Gomes') }]);
    }
    const stored = await server.db.query('SELECT name FROM customers WHERE company_id = $1', [companyId]);
    expect(stored.rows).toEqual([{ name: 'Patrícia Gomes' }]);
  });

  it('lets two companies each have a customer with the same number', async () => {
    const first = await owner();
    const second = await owner();
    expect((await first.create({ name: 'Bruno', phone: '11 98234-7766' })).status).toBe(201);
    expect((await second.create({ name: 'Bruno', phone: '11 98234-7766' })).status).toBe(201);
  });

  it('answers 409 to the loser of two saves of the same number at once, and keeps one customer', async () => {
    const { create, companyId } = await owner();
    const answers = await Promise.all(
      ['Primeira', 'Segunda', 'Terceira'].map((name) => create({ name, phone: '21 99999-0001' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!.body.data.customer.name;
    for (const loser of answers.filter((a) => a.status === 409)) {
      expect(loser.body.error).toBe(duplicatePhoneText(winner));
    }
    const stored = await server.db.query('SELECT name FROM customers WHERE company_id = $1', [companyId]);
    expect(stored.rows).toEqual([{ name: winner }]);
  });

  // On PostgreSQL a save can commit between another's check and its insert; only the unique index
  // sees it. (PGlite has one connection: transactions never overlap, the check above answers.)
  it.runIf(process.env.DATABASE_URL)(
    'translates the unique index into the 409 when a concurrent save commits after the check',
    async () => {
      const { create, companyId } = await owner();
      const { pending } = await server.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO customers (company_id, name, phone) VALUES ($1, 'Gravado Antes', '5531988887777')`,
          [companyId],
        );
        const pending = create({ name: 'Outro', phone: '31 8888-7777' });
        // The API's insert waits on the uncommitted row's index entry; commit only once it does.
        await waitFor(
          async () =>
            (
              await server.db.query(
                `SELECT 1 FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO customers%'`,
              )
            ).rowCount > 0,
          { what: 'the API insert to wait on the index' },
        );
        // Wrapped: a returned promise would be awaited before COMMIT, and it waits for the COMMIT.
        return { pending };
      });
      const other = await pending;
      expect(other.status).toBe(409);
      expect(other.body.error).toBe(duplicatePhoneText('Gravado Antes'));
      const stored = await server.db.query('SELECT name FROM customers WHERE company_id = $1', [companyId]);
      expect(stored.rows).toEqual([{ name: 'Gravado Antes' }]);
    },
  );
});

describe('PUT /api/customers/:id', () => {
  it('replaces the editable fields and answers the customer', async () => {
    const { api, create } = await owner();
    const created = (
      await create({ name: 'Carlos', phone: '11 99123-4567', email: 'c@ex.com', tags: ['a'], source: 'site' })
    ).body.data.customer;
    const answer = await api.put<{ customer: Customer }>(`/api/customers/${created.id}`, {
      name: 'Carlos Eduardo Lima',
      phone: '+1 415 555 0100',
      notes: 'Quer coffee break mensal.',
      tags: ['Empresa', 'empresa'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.customer).toMatchObject({
      id: created.id,
      name: 'Carlos Eduardo Lima',
      phone: '14155550100',
      email: null,
      notes: 'Quer coffee break mensal.',
      tags: ['Empresa'],
      source: null,
      createdAt: created.createdAt,
    });
  });

  it('keeps its own number (ninth digit or not) but refuses another customer’s', async () => {
    const { api, create } = await owner();
    const ana = (await create({ name: 'Ana', phone: '11 98888-1111' })).body.data.customer;
    await create({ name: 'Beatriz Santos', phone: '11 98877-6655' });
    const same = await api.put(`/api/customers/${ana.id}`, { name: 'Ana Maria', phone: '11 8888-1111' });
    expect(same.status).toBe(200);
    const taken = await api.put(`/api/customers/${ana.id}`, { name: 'Ana Maria', phone: '11 98877-6655' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(duplicatePhoneText('Beatriz Santos'));
    const detail = await api.get<CustomerDetail>(`/api/customers/${ana.id}`);
    expect(detail.body.data.customer).toMatchObject({ name: 'Ana Maria', phone: '5511988881111' });
  });

  it('answers 404 for an unknown or malformed id, and 400 for a bad body', async () => {
    const { api, create } = await owner();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id', "1' OR '1'='1"]) {
      const answer = await api.put(`/api/customers/${encodeURIComponent(id)}`, { name: 'X' });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: CUSTOMER_NOT_FOUND_TEXT });
    }
    const created = (await create({ name: 'Válido' })).body.data.customer;
    const bad = await api.put(`/api/customers/${created.id}`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]?.path).toBe('name');
  });
});

describe('GET /api/customers/:id', () => {
  it('lists pending tasks by due date, then completed ones newest first, and deals newest first', async () => {
    const { api, create, companyId } = await owner();
    const customer = (await create({ name: 'Juliana Costa' })).body.data.customer;
    const task = async (title: string, due: string, completed: string | null, followUp = false) => {
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO tasks (company_id, customer_id, title, due_at, status, completed_at,
                            reference_entity_name, reference_entity_id)
         VALUES ($1, $2, $3, $4::timestamptz, CASE WHEN $5::timestamptz IS NULL THEN 'pending' ELSE 'completed' END,
                 $5::timestamptz, CASE WHEN $6 THEN 'follow_up_message' END, CASE WHEN $6 THEN gen_random_uuid() END)
         RETURNING id`,
        [companyId, customer.id, title, due, completed, followUp],
      );
      return rows[0]!.id;
    };
    await task('Feita antes', '2026-01-01T12:00:00Z', '2026-01-02T12:00:00Z');
    await task('Ligar depois', '2026-03-10T12:00:00Z', null);
    await task('Enviar proposta', '2026-03-01T12:00:00Z', null, true);
    await task('Feita por último', '2026-01-05T12:00:00Z', '2026-02-01T12:00:00Z');
    await server.db.query(
      `INSERT INTO deals (company_id, customer_id, stage_id, title, value_cents, status, closed_at, created_at)
       SELECT $1, $2, s.id, d.title, d.value_cents, s.kind, CASE WHEN s.kind <> 'open' THEN now() END, d.created_at
         FROM (VALUES ('Bolo de casamento', 150000, 'Novo contato', now() - interval '2 days'),
                      ('Docinhos', 45000, 'Fechado ganho', now())) AS d (title, value_cents, stage, created_at)
         JOIN deal_stages s ON s.company_id = $1 AND s.name = d.stage`,
      [companyId, customer.id],
    );

    const answer = await api.get<CustomerDetail>(`/api/customers/${customer.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.tasks.map((t) => [t.title, t.status, t.hasFollowUp])).toEqual([
      ['Enviar proposta', 'pending', true],
      ['Ligar depois', 'pending', false],
      ['Feita por último', 'completed', false],
      ['Feita antes', 'completed', false],
    ]);
    expect(answer.body.data.tasks[0]!.dueAt).toBe('2026-03-01T12:00:00.000Z');
    expect(answer.body.data.deals).toEqual([
      {
        id: expect.any(String),
        title: 'Docinhos',
        valueCents: 45000,
        stageName: 'Fechado ganho',
        status: 'won',
      },
      {
        id: expect.any(String),
        title: 'Bolo de casamento',
        valueCents: 150000,
        stageName: 'Novo contato',
        status: 'open',
      },
    ]);
  });

  it('shows at most 20 tasks and 20 deals', async () => {
    const { api, create, companyId } = await owner();
    const customer = (await create({ name: 'Renata' })).body.data.customer;
    await server.db.query(
      `INSERT INTO tasks (company_id, customer_id, title, due_at)
       SELECT $1, $2, 'Tarefa ' || g, now() + g * interval '1 hour' FROM generate_series(1, 25) g`,
      [companyId, customer.id],
    );
    await server.db.query(
      `INSERT INTO deals (company_id, customer_id, stage_id, title, position)
       SELECT $1, $2, s.id, 'Negócio ' || g, g
         FROM generate_series(1, 25) g, deal_stages s
        WHERE s.company_id = $1 AND s.name = 'Novo contato'`,
      [companyId, customer.id],
    );
    const answer = await api.get<CustomerDetail>(`/api/customers/${customer.id}`);
    expect(answer.body.data.tasks).toHaveLength(20);
    expect(answer.body.data.tasks[0]!.title).toBe('Tarefa 1');
    expect(answer.body.data.deals).toHaveLength(20);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { api } = await owner();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const answer = await api.get(`/api/customers/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: CUSTOMER_NOT_FOUND_TEXT,
      });
    }
  });
});

describe('DELETE /api/customers/:id', () => {
  it('removes the customer with their tasks and follow-ups, and keeps their deals without a customer', async () => {
    const { api, create, remove, companyId } = await owner();
    const customer = (await create({ name: 'Lucas Pereira', phone: '11 97111-2233' })).body.data.customer;
    const keep = (await create({ name: 'Fica' })).body.data.customer;
    const { rows: tasks } = await server.db.query<{ id: string }>(
      `INSERT INTO tasks (company_id, customer_id, title, due_at)
       VALUES ($1, $2, 'Dele', now()), ($1, $3, 'De outro', now()) RETURNING id`,
      [companyId, customer.id, keep.id],
    );
    await server.db.query(
      `INSERT INTO follow_up_messages (company_id, task_id, customer_id, body, scheduled_for)
       VALUES ($1, $2, $3, 'Oi, Lucas!', now() + interval '1 day')`,
      [companyId, tasks[0]!.id, customer.id],
    );
    const { rows: deals } = await server.db.query<{ id: string }>(
      `INSERT INTO deals (company_id, customer_id, stage_id, title)
       SELECT $1, $2, id, 'Bolo' FROM deal_stages WHERE company_id = $1 AND name = 'Novo contato'
       RETURNING id`,
      [companyId, customer.id],
    );

    const answer = await remove(customer.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { deleted: true } });

    expect((await api.get(`/api/customers/${customer.id}`)).status).toBe(404);
    const left = await server.db.query<{ title: string }>('SELECT title FROM tasks WHERE company_id = $1', [
      companyId,
    ]);
    expect(left.rows).toEqual([{ title: 'De outro' }]);
    const messages = await server.db.query('SELECT 1 FROM follow_up_messages WHERE company_id = $1', [
      companyId,
    ]);
    expect(messages.rowCount).toBe(0);
    const deal = await server.db.query('SELECT customer_id FROM deals WHERE id = $1', [deals[0]!.id]);
    expect(deal.rows).toEqual([{ customer_id: null }]);
    // The number is free again.
    expect((await create({ name: 'Lucas de novo', phone: '11 97111-2233' })).status).toBe(201);
  });

  it('answers 404 for an unknown, malformed or already deleted id', async () => {
    const { create, remove } = await owner();
    const customer = (await create({ name: 'Temporário' })).body.data.customer;
    expect((await remove(customer.id)).status).toBe(200);
    for (const id of [customer.id, 'xyz']) {
      const answer = await remove(id);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: CUSTOMER_NOT_FOUND_TEXT });
    }
  });
});
