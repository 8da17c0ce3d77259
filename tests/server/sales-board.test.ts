import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR_TEXT, type PageInfo } from '../../contracts/pagination';
import {
  BOARD_COLUMN_PAGE_SIZE,
  type Deal,
  type DealCard,
  type DealStage,
  defaultStages,
  type SalesBoard,
} from '../../contracts/sales';
import type { TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi } from '../support/signed-in-api';

/** The board, its column pages, and moving cards across it (spec §2 /sales). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Workspace {
  account: TestAccount;
  api: SignedInApi;
  companyId: string;
  stage(name: string): DealStage;
}

async function workspace(): Promise<Workspace> {
  const { account, api } = await newSubscriber(server);
  const stages = (await api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages;
  return {
    account,
    api,
    companyId: account.companyId!,
    stage: (name) => stages.find((s) => s.name === name)!,
  };
}

async function newDeal(w: Workspace, title: string, stageName = 'Novo contato', valueCents = 1_000) {
  const answer = await w.api.post<{ deal: Deal }>('/api/sales/deals', {
    title,
    valueCents,
    stageId: w.stage(stageName).id,
  });
  expect(answer.status).toBe(201);
  return answer.body.data.deal;
}

const board = async (w: Workspace, query = '') =>
  (await w.api.get<SalesBoard>(`/api/sales/board${query}`)).body.data;

const column = async (w: Workspace, stageName: string) => {
  const answer = await w.api.get<{ deals: DealCard[]; pageInfo: PageInfo }>(
    `/api/sales/stages/${w.stage(stageName).id}/deals?limit=50`,
  );
  return answer.body.data.deals;
};

const titles = (cards: { title: string }[]) => cards.map((card) => card.title);

const move = (w: Workspace, dealId: string, stageName: string, index: number) =>
  w.api.post<{ deal: Deal }>(`/api/sales/deals/${dealId}/move`, { stageId: w.stage(stageName).id, index });

const positions = async (stageId: string) =>
  (
    await server.db.query<{ title: string; position: number }>(
      'SELECT title, position FROM deals WHERE stage_id = $1 ORDER BY position, id',
      [stageId],
    )
  ).rows;

describe('the board', () => {
  it('starts with the default stages, empty', async () => {
    const w = await workspace();
    const { columns } = await board(w);
    expect(columns.map((c) => ({ name: c.stage.name, kind: c.stage.kind }))).toEqual(defaultStages);
    expect(columns.map((c) => c.stage.position)).toEqual([0, 1, 2, 3, 4]);
    for (const c of columns) {
      expect(c).toMatchObject({
        deals: [],
        totalCount: 0,
        totalValueCents: 0,
        pageInfo: { hasNextPage: false, endCursor: null },
      });
    }
  });

  it("pages each column in board order; totals count the WHOLE stage; nothing of another company's", async () => {
    const w = await workspace();
    const other = await workspace();
    await newDeal(other, 'De outra empresa');
    const created: Deal[] = [];
    for (let i = 1; i <= BOARD_COLUMN_PAGE_SIZE + 5; i += 1) {
      created.push(await newDeal(w, `Venda ${i}`, 'Novo contato', i * 100));
    }
    await newDeal(w, 'Proposta', 'Proposta enviada', 70_000);

    const { columns } = await board(w);
    const first = columns[0]!;
    expect(first.deals.map((d) => d.id)).toEqual(created.slice(0, BOARD_COLUMN_PAGE_SIZE).map((d) => d.id));
    expect(first.totalCount).toBe(BOARD_COLUMN_PAGE_SIZE + 5);
    expect(first.totalValueCents).toBe(created.reduce((sum, d) => sum + d.valueCents, 0));
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(columns[2]).toMatchObject({ totalCount: 1, totalValueCents: 70_000 });
    expect(columns[1]!.deals).toEqual([]);

    const next = await w.api.get<{ deals: DealCard[]; pageInfo: PageInfo }>(
      `/api/sales/stages/${first.stage.id}/deals?cursor=${first.pageInfo.endCursor}`,
    );
    expect(next.body.data.deals.map((d) => d.title)).toEqual([
      'Venda 21',
      'Venda 22',
      'Venda 23',
      'Venda 24',
      'Venda 25',
    ]);
    expect(next.body.data.pageInfo.hasNextPage).toBe(false);

    // Small pages walk the column once, each card once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { deals: DealCard[]; pageInfo: PageInfo } = (
        await w.api.get<{ deals: DealCard[]; pageInfo: PageInfo }>(
          `/api/sales/stages/${first.stage.id}/deals?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).body.data;
      seen.push(...page.deals.map((d) => d.id));
      cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (cursor);
    expect(seen).toEqual(created.map((d) => d.id));

    const small = await board(w, '?limit=3');
    expect(small.columns[0]!.deals).toHaveLength(3);
    expect(small.columns[0]!.totalCount).toBe(BOARD_COLUMN_PAGE_SIZE + 5);
  });

  it('shows a card with its customer, value, expected close date and time in stage', async () => {
    const w = await workspace();
    const customer = await server.db.query<{ id: string }>(
      `INSERT INTO customers (company_id, name) VALUES ($1, 'Juliana Costa') RETURNING id`,
      [w.companyId],
    );
    const deal = (
      await w.api.post<{ deal: Deal }>('/api/sales/deals', {
        title: 'Bolo de casamento',
        valueCents: 280_000,
        customerId: customer.rows[0]!.id,
        expectedCloseDate: '2030-05-20',
      })
    ).body.data.deal;
    const card = (await board(w)).columns[0]!.deals[0];
    expect(card).toEqual({
      id: deal.id,
      title: 'Bolo de casamento',
      valueCents: 280_000,
      stageId: w.stage('Novo contato').id,
      customer: { id: customer.rows[0]!.id, name: 'Juliana Costa' },
      expectedCloseDate: '2030-05-20',
      stageEnteredAt: deal.stageEnteredAt,
      // Whoever created it works it unless they name someone else.
      assignee: deal.assignee,
    });
  });

  it('refuses bad limits and cursors (400), and columns of another company (404)', async () => {
    const w = await workspace();
    const other = await workspace();
    for (const limit of ['0', '51', 'dez']) {
      expect((await w.api.get(`/api/sales/board?limit=${limit}`)).status).toBe(400);
    }
    const stageId = w.stage('Novo contato').id;
    for (const cursor of ['abc', Buffer.from('[1,"x"]').toString('base64url')]) {
      const answer = await w.api.get(`/api/sales/stages/${stageId}/deals?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', error: INVALID_CURSOR_TEXT });
    }
    for (const id of [other.stage('Novo contato').id, 'etapa']) {
      const answer = await w.api.get(`/api/sales/stages/${id}/deals`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: 'Etapa não encontrada.' });
    }
  });
});

describe('moving a deal', () => {
  it('reorders a column, renumbering positions, without touching stage time or updatedAt', async () => {
    const w = await workspace();
    const [a, , c] = [await newDeal(w, 'A'), await newDeal(w, 'B'), await newDeal(w, 'C')];
    const moved = await move(w, c!.id, 'Novo contato', 0);
    expect(moved.status).toBe(200);
    expect(moved.body.data.deal).toMatchObject({
      stageId: w.stage('Novo contato').id,
      stageEnteredAt: c!.stageEnteredAt,
      updatedAt: c!.updatedAt,
      status: 'open',
    });
    expect(titles(await column(w, 'Novo contato'))).toEqual(['C', 'A', 'B']);
    expect(await positions(w.stage('Novo contato').id)).toEqual([
      { title: 'C', position: 0 },
      { title: 'A', position: 1 },
      { title: 'B', position: 2 },
    ]);
    const others = await w.api.get<{ deal: Deal }>(`/api/sales/deals/${a!.id}`);
    expect(others.body.data.deal.updatedAt).toBe(a!.updatedAt);

    await move(w, c!.id, 'Novo contato', 99);
    expect(titles(await column(w, 'Novo contato'))).toEqual(['A', 'B', 'C']);
    await move(w, a!.id, 'Novo contato', 1);
    expect(titles(await column(w, 'Novo contato'))).toEqual(['B', 'A', 'C']);
  });

  it('into another stage at an index: resets the time in stage; won and lost close it, open reopens', async () => {
    const w = await workspace();
    const deal = await newDeal(w, 'Kit festa');
    await newDeal(w, 'X', 'Em negociação');
    await newDeal(w, 'Y', 'Em negociação');
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await server.db.query('UPDATE deals SET stage_entered_at = $2 WHERE id = $1', [deal.id, threeDaysAgo]);

    const negotiating = (await move(w, deal.id, 'Em negociação', 1)).body.data.deal;
    expect(titles(await column(w, 'Em negociação'))).toEqual(['X', 'Kit festa', 'Y']);
    expect(titles(await column(w, 'Novo contato'))).toEqual([]);
    expect(Date.parse(negotiating.stageEnteredAt)).toBeGreaterThan(threeDaysAgo.getTime() + 86_400_000);
    expect(negotiating).toMatchObject({ status: 'open', closedAt: null });

    const won = (await move(w, deal.id, 'Fechado ganho', 0)).body.data.deal;
    expect(won).toMatchObject({ status: 'won', stageId: w.stage('Fechado ganho').id });
    expect(Date.parse(won.closedAt!)).not.toBeNaN();

    await w.api.put(`/api/sales/deals/${deal.id}`, {
      title: 'Kit festa',
      valueCents: 1_000,
      lostReason: 'Desistiu da festa.',
    });
    const lost = (await move(w, deal.id, 'Fechado perdido', 0)).body.data.deal;
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'Desistiu da festa.' });

    const reopened = (await move(w, deal.id, 'Proposta enviada', 0)).body.data.deal;
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, lostReason: 'Desistiu da festa.' });
  });

  it("is a 404 for another company's deal and a 400 for its stage, changing nothing", async () => {
    const w = await workspace();
    const other = await workspace();
    const mine = await newDeal(w, 'Minha');
    const theirs = await newDeal(other, 'Deles');
    const snapshot = async () =>
      (
        await server.db.query('SELECT * FROM deals WHERE id = ANY($1::uuid[]) ORDER BY id', [
          [mine.id, theirs.id],
        ])
      ).rows;
    const before = await snapshot();

    const foreignDeal = await w.api.post(`/api/sales/deals/${theirs.id}/move`, {
      stageId: w.stage('Fechado ganho').id,
      index: 0,
    });
    expect(foreignDeal.status).toBe(404);
    expect(foreignDeal.body).toMatchObject({ code: 'NOT_FOUND', error: 'Venda não encontrada.' });

    const foreignStage = await w.api.post(`/api/sales/deals/${mine.id}/move`, {
      stageId: other.stage('Fechado ganho').id,
      index: 0,
    });
    expect(foreignStage.status).toBe(400);
    expect(foreignStage.body.issues).toEqual([{ path: 'stageId', message: 'Etapa não encontrada.' }]);

    const badIndex = await w.api.post(`/api/sales/deals/${mine.id}/move`, {
      stageId: w.stage('Fechado ganho').id,
      index: -1,
    });
    expect(badIndex.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('closes the gap a deal leaves in its column: moved out, moved by an edit, or deleted', async () => {
    const w = await workspace();
    const [a, b, c] = [await newDeal(w, 'A'), await newDeal(w, 'B'), await newDeal(w, 'C')];
    await newDeal(w, 'D');
    const novo = w.stage('Novo contato').id;

    expect((await move(w, b.id, 'Em negociação', 0)).status).toBe(200);
    expect(await positions(novo)).toEqual([
      { title: 'A', position: 0 },
      { title: 'C', position: 1 },
      { title: 'D', position: 2 },
    ]);
    const edited = await w.api.put(`/api/sales/deals/${c.id}`, {
      title: 'C',
      valueCents: 1_000,
      stageId: w.stage('Proposta enviada').id,
    });
    expect(edited.status).toBe(200);
    expect(await positions(novo)).toEqual([
      { title: 'A', position: 0 },
      { title: 'D', position: 1 },
    ]);
    expect((await w.api.delete(`/api/sales/deals/${a.id}`)).status).toBe(200);
    expect(await positions(novo)).toEqual([{ title: 'D', position: 0 }]);
    // The card that moved in goes to the end of its new column, which stays numbered too.
    expect(await positions(w.stage('Proposta enviada').id)).toEqual([{ title: 'C', position: 0 }]);
  });

  it('keeps every column a clean 0, 1, 2… order when many moves and creations land at once', async () => {
    const w = await workspace();
    const deals: Deal[] = [];
    for (let i = 0; i < 12; i += 1) deals.push(await newDeal(w, `D${i}`));
    const stages = ['Em negociação', 'Proposta enviada', 'Novo contato'];
    const answers = await Promise.all([
      ...deals.map((deal, i) => move(w, deal.id, stages[i % 3]!, i % 4)),
      ...[0, 1, 2].map((i) =>
        w.api.post('/api/sales/deals', {
          title: `Nova ${i}`,
          valueCents: 0,
          stageId: w.stage(stages[i]!).id,
        }),
      ),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(12).fill(200), 201, 201, 201]);

    let total = 0;
    for (const name of stages) {
      const rows = await positions(w.stage(name).id);
      total += rows.length;
      expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
      expect(rows).toHaveLength(5);
    }
    expect(total).toBe(15);
  });
});
