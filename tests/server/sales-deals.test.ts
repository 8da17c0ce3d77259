import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE_TEXT } from '../../contracts/date-range';
import { DEAL_TITLE_REQUIRED_TEXT, type Deal, type DealStage } from '../../contracts/sales';
import { createTestAccount, type TestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi, signedInApi } from '../support/signed-in-api';

/** Deals: create, read, update, delete, and what they may point at (spec §2 /sales/{dealId}). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Workspace {
  account: TestAccount;
  api: SignedInApi;
  companyId: string;
  stages: DealStage[];
  stage(name: string): DealStage;
}

async function workspace(): Promise<Workspace> {
  const { account, api } = await newSubscriber(server);
  const stages = (await api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages;
  return {
    account,
    api,
    companyId: account.companyId!,
    stages,
    stage: (name) => stages.find((s) => s.name === name)!,
  };
}

async function customer(companyId: string, name: string): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    'INSERT INTO customers (company_id, name) VALUES ($1, $2) RETURNING id',
    [companyId, name],
  );
  return rows[0]!.id;
}

async function service(companyId: string, name: string, priceCents: number, active = true): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    'INSERT INTO services (company_id, name, price_cents, active) VALUES ($1, $2, $3, $4) RETURNING id',
    [companyId, name, priceCents, active],
  );
  return rows[0]!.id;
}

const createDeal = (w: Workspace, body: Record<string, unknown>) =>
  w.api.post<{ deal: Deal }>('/api/sales/deals', { valueCents: 0, ...body });

const dealRow = async (dealId: string) =>
  (await server.db.query('SELECT * FROM deals WHERE id = $1', [dealId])).rows[0];

const UNKNOWN_ID = '7d1f0a52-1a4b-4c1e-8f57-0c4b2a9d3e11';

let ana: Workspace;
let bruno: Workspace;

beforeAll(async () => {
  ana = await workspace();
  bruno = await workspace();
});

describe('creating a deal', () => {
  it('lands at the end of the first stage by default, open, with its fields as sent', async () => {
    const first = await createDeal(ana, { title: 'Bolo de casamento', valueCents: 280_000 });
    expect(first.status).toBe(201);
    const second = await createDeal(ana, {
      title: '  Docinhos para chá de bebê  ',
      valueCents: 32_000,
      expectedCloseDate: '2030-03-15',
      notes: 'Tema: ursinhos.',
      lostReason: '',
    });
    expect(second.body.data.deal).toEqual({
      id: expect.any(String),
      title: 'Docinhos para chá de bebê',
      valueCents: 32_000,
      stageId: ana.stage('Novo contato').id,
      customer: null,
      expectedCloseDate: '2030-03-15',
      stageEnteredAt: expect.any(String),
      assignee: { userId: ana.account.userId, name: 'Pessoa de Teste' },
      status: 'open',
      notes: 'Tema: ursinhos.',
      lostReason: null,
      services: [],
      createdBy: { userId: ana.account.userId, name: 'Pessoa de Teste' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      closedAt: null,
    });
    const board = await ana.api.get<{ columns: { stage: DealStage; deals: { id: string }[] }[] }>(
      '/api/sales/board',
    );
    expect(board.body.data.columns[0]!.deals.map((d) => d.id)).toEqual([
      first.body.data.deal.id,
      second.body.data.deal.id,
    ]);
  });

  it('goes into the stage named, closed at once when that stage is won', async () => {
    const won = await createDeal(ana, { title: 'Kit festa', stageId: ana.stage('Fechado ganho').id });
    expect(won.status).toBe(201);
    expect(won.body.data.deal).toMatchObject({ status: 'won', stageId: ana.stage('Fechado ganho').id });
    expect(Date.parse(won.body.data.deal.closedAt!)).not.toBeNaN();
  });

  it("links a customer of the company and copies the services' prices", async () => {
    const mariana = await customer(ana.companyId, 'Mariana Souza');
    const bolo = await service(ana.companyId, 'Bolo decorado', 22_000);
    const doces = await service(ana.companyId, 'Cento de docinhos', 16_000);
    const created = await createDeal(ana, {
      title: 'Aniversário do Théo',
      customerId: mariana,
      valueCents: 54_000,
      services: [{ serviceId: doces, quantity: 2 }, { serviceId: bolo }],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.deal.customer).toEqual({ id: mariana, name: 'Mariana Souza' });
    expect(created.body.data.deal.services).toEqual([
      { serviceId: doces, name: 'Cento de docinhos', priceCents: 16_000, quantity: 2 },
      { serviceId: bolo, name: 'Bolo decorado', priceCents: 22_000, quantity: 1 },
    ]);
  });

  it("refuses another company's customer, stage and services on their fields, writing nothing", async () => {
    const theirCustomer = await customer(bruno.companyId, 'Cliente do Bruno');
    const theirService = await service(bruno.companyId, 'Troca de óleo', 15_000);
    const before = await server.db.query('SELECT id FROM deals WHERE company_id = $1', [ana.companyId]);
    const answer = await createDeal(ana, {
      title: 'Tentativa',
      customerId: theirCustomer,
      stageId: bruno.stage('Novo contato').id,
      services: [{ serviceId: theirService }, { serviceId: 'não-é-um-id' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(answer.body.issues).toEqual([
      { path: 'customerId', message: 'Cliente não encontrado.' },
      { path: 'stageId', message: 'Etapa não encontrada.' },
      { path: 'services.0.serviceId', message: 'Serviço não encontrado.' },
      { path: 'services.1.serviceId', message: 'Serviço não encontrado.' },
    ]);
    const after = await server.db.query('SELECT id FROM deals WHERE company_id = $1', [ana.companyId]);
    expect(after.rows).toHaveLength(before.rows.length);
  });

  it('takes each service once, and only active services', async () => {
    const cake = await service(ana.companyId, 'Bolo de pote', 1_500);
    const archived = await service(ana.companyId, 'Torta antiga', 9_000, false);
    const answer = await createDeal(ana, {
      title: 'Revenda',
      services: [{ serviceId: cake }, { serviceId: cake }, { serviceId: archived }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { path: 'services.1.serviceId', message: 'Este serviço já está na venda.' },
      { path: 'services.2.serviceId', message: 'Este serviço está arquivado. Escolha um serviço ativo.' },
    ]);
  });

  it('checks the form: title, value, date', async () => {
    const answer = await ana.api.post('/api/sales/deals', {
      title: '   ',
      valueCents: -1,
      expectedCloseDate: '2030-02-30',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: DEAL_TITLE_REQUIRED_TEXT },
        { path: 'valueCents', message: 'O valor não pode ser negativo.' },
        { path: 'expectedCloseDate', message: 'Data inválida.' },
      ]),
    );
    const ancient = await createDeal(ana, { title: 'Antiga', expectedCloseDate: '0000-01-01' });
    expect(ancient.status).toBe(400);
    expect(ancient.body.issues).toEqual([{ path: 'expectedCloseDate', message: DATE_OUT_OF_RANGE_TEXT }]);
  });
});

// On PostgreSQL the customer can be deleted between the deal's check of it and its insert. The
// check must hold the customer until the deal is saved: the deal then reads it as gone (a 400 on
// the field), instead of failing its foreign key (a 500). PGlite runs one transaction at a time.
describe.runIf(process.env.DATABASE_URL)('a customer deleted while a deal is saved', () => {
  it('is a 400 on customerId, and no deal is written', async () => {
    const gone = await customer(ana.companyId, 'Cliente Excluída');
    const { pending } = await server.db.transaction(async (tx) => {
      const me = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await tx.query('DELETE FROM customers WHERE id = $1', [gone]);
      const pending = createDeal(ana, { title: 'Sem cliente', customerId: gone });
      // Commit only once the API's transaction waits for this one.
      await waitFor(
        async () =>
          (
            await server.db.query('SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
              me,
            ])
          ).rowCount > 0,
        { what: 'the deal to wait for the deletion' },
      );
      // Wrapped: a returned promise would be awaited before COMMIT, and it waits for the COMMIT.
      return { pending };
    });
    const answer = await pending;
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'customerId', message: 'Cliente não encontrado.' }]);
    const written = await server.db.query("SELECT 1 FROM deals WHERE title = 'Sem cliente'");
    expect(written.rowCount).toBe(0);
  });
});

describe('reading a deal', () => {
  it('answers the deal of the caller’s company, 404 for anything else', async () => {
    const created = (await createDeal(ana, { title: 'Coffee break' })).body.data.deal;
    const read = await ana.api.get<{ deal: Deal }>(`/api/sales/deals/${created.id}`);
    expect(read.body.data.deal).toEqual(created);

    for (const path of [`/api/sales/deals/${UNKNOWN_ID}`, '/api/sales/deals/new', '/api/sales/deals/123']) {
      const answer = await ana.api.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: 'Venda não encontrada.',
      });
    }
    const theirs = await bruno.api.get(`/api/sales/deals/${created.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND', error: 'Venda não encontrada.' });
  });
});

describe('updating a deal', () => {
  it('saves every field; absent optional fields are cleared and the stage stays', async () => {
    const mariana = await customer(ana.companyId, 'Mariana Lima');
    const deal = (
      await createDeal(ana, {
        title: 'Bem-casados',
        customerId: mariana,
        stageId: ana.stage('Em negociação').id,
        notes: 'Duzentas unidades',
        expectedCloseDate: '2030-10-01',
      })
    ).body.data.deal;
    const updated = await ana.api.put<{ deal: Deal }>(`/api/sales/deals/${deal.id}`, {
      title: 'Bem-casados (250)',
      valueCents: 87_500,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.deal).toMatchObject({
      title: 'Bem-casados (250)',
      valueCents: 87_500,
      customer: null,
      notes: null,
      expectedCloseDate: null,
      stageId: ana.stage('Em negociação').id,
      stageEnteredAt: deal.stageEnteredAt,
      createdAt: deal.createdAt,
    });
  });

  it('keeps the price a line was added at; new lines copy the current price', async () => {
    const bolo = await service(ana.companyId, 'Bolo 2 kg', 20_000);
    const doces = await service(ana.companyId, 'Docinhos', 10_000);
    const deal = (await createDeal(ana, { title: 'Festa', services: [{ serviceId: bolo }] })).body.data.deal;
    await server.db.query('UPDATE services SET price_cents = price_cents * 2 WHERE id = ANY($1::uuid[])', [
      [bolo, doces],
    ]);
    const updated = await ana.api.put<{ deal: Deal }>(`/api/sales/deals/${deal.id}`, {
      title: 'Festa',
      valueCents: 60_000,
      services: [
        { serviceId: doces, quantity: 1 },
        { serviceId: bolo, quantity: 2 },
      ],
    });
    expect(updated.body.data.deal.services).toEqual([
      { serviceId: doces, name: 'Docinhos', priceCents: 20_000, quantity: 1 },
      { serviceId: bolo, name: 'Bolo 2 kg', priceCents: 20_000, quantity: 2 },
    ]);
    // A line the deal already has stays when its service is archived; dropping lines removes them.
    await server.db.query('UPDATE services SET active = false WHERE id = $1', [bolo]);
    const kept = await ana.api.put<{ deal: Deal }>(`/api/sales/deals/${deal.id}`, {
      title: 'Festa',
      valueCents: 60_000,
      services: [{ serviceId: bolo, quantity: 3 }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.deal.services).toEqual([
      { serviceId: bolo, name: 'Bolo 2 kg', priceCents: 20_000, quantity: 3 },
    ]);
  });

  it('moves to the end of another stage when stageId changes, closing it in a lost stage', async () => {
    const lost = ana.stage('Fechado perdido');
    await createDeal(ana, { title: 'Já perdida', stageId: lost.id });
    const created = (await createDeal(ana, { title: 'Torta' })).body.data.deal;
    // Entered its stage days ago, so a reset shows.
    await server.db.query(`UPDATE deals SET stage_entered_at = now() - interval '3 days' WHERE id = $1`, [
      created.id,
    ]);
    const deal = (await ana.api.get<{ deal: Deal }>(`/api/sales/deals/${created.id}`)).body.data.deal;
    const updated = await ana.api.put<{ deal: Deal }>(`/api/sales/deals/${deal.id}`, {
      title: 'Torta',
      valueCents: 18_000,
      stageId: lost.id,
      lostReason: 'Achou mais barato.',
    });
    expect(updated.body.data.deal).toMatchObject({
      stageId: lost.id,
      status: 'lost',
      lostReason: 'Achou mais barato.',
    });
    expect(updated.body.data.deal.closedAt).not.toBeNull();
    expect(Date.parse(updated.body.data.deal.stageEnteredAt)).toBeGreaterThan(
      Date.parse(deal.stageEnteredAt) + 86_400_000,
    );
    const column = await ana.api.get<{ deals: { id: string }[] }>(`/api/sales/stages/${lost.id}/deals`);
    expect(column.body.data.deals.at(-1)!.id).toBe(deal.id);
  });

  it("is a 404 with another company's token, and changes nothing", async () => {
    const deal = (await createDeal(ana, { title: 'Intocável', valueCents: 100 })).body.data.deal;
    const before = await dealRow(deal.id);
    const answer = await bruno.api.put(`/api/sales/deals/${deal.id}`, { title: 'Mudou', valueCents: 1 });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: 'Venda não encontrada.' });
    expect(await dealRow(deal.id)).toEqual(before);
    const malformed = await ana.api.put('/api/sales/deals/nao-existe', { title: 'Mudou', valueCents: 1 });
    expect(malformed.status).toBe(404);
  });
});

describe('deleting a deal', () => {
  it('removes it with its lines; tasks about it stay, without the reference', async () => {
    const bolo = await service(ana.companyId, 'Bolo simples', 8_000);
    const deal = (await createDeal(ana, { title: 'Descartável', services: [{ serviceId: bolo }] })).body.data
      .deal;
    const task = await server.db.query<{ id: string }>(
      `INSERT INTO tasks (company_id, title, due_at, reference_entity_name, reference_entity_id)
       VALUES ($1, 'Ligar sobre a venda', now(), 'deal', $2) RETURNING id`,
      [ana.companyId, deal.id],
    );

    const theirs = await bruno.api.delete(`/api/sales/deals/${deal.id}`);
    expect(theirs.status).toBe(404);
    expect(await dealRow(deal.id)).toBeDefined();

    const answer = await ana.api.delete<{ deleted: true }>(`/api/sales/deals/${deal.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ deleted: true });
    expect(await dealRow(deal.id)).toBeUndefined();
    const lines = await server.db.query('SELECT 1 FROM deal_services WHERE deal_id = $1', [deal.id]);
    expect(lines.rows).toEqual([]);
    const left = await server.db.query(
      'SELECT reference_entity_name, reference_entity_id FROM tasks WHERE id = $1',
      [task.rows[0]!.id],
    );
    expect(left.rows).toEqual([{ reference_entity_name: null, reference_entity_id: null }]);
    expect((await ana.api.delete(`/api/sales/deals/${deal.id}`)).status).toBe(404);
  });
});

describe('who may call', () => {
  it('needs a session (401) and a current subscription (402)', async () => {
    const deal = (await createDeal(ana, { title: 'Protegida' })).body.data.deal;
    const anonymous = await fetch(`${server.url}/api/sales/deals/${deal.id}`);
    expect(anonymous.status).toBe(401);
    const ended = signedInApi(server.url, await createTestAccount(server.db, { subscription: 'expired' }));
    const answer = await ended.put(`/api/sales/deals/${deal.id}`, { title: 'x' });
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe('SUBSCRIPTION_REQUIRED');
  });
});
