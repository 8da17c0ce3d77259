import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DealStage,
  STAGE_HAS_DEALS_TEXT,
  STAGE_KIND_REQUIRED_TEXT,
  STAGE_NAME_REQUIRED_TEXT,
  STAGE_NAME_TAKEN_TEXT,
  STAGES_MAX,
  STAGES_MAX_TEXT,
} from '../../contracts/sales';
import type { TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { type Answer, newSubscriber, type SignedInApi } from '../support/signed-in-api';

/** The company's stages: add, rename, reorder, delete, with the board's rules. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Workspace {
  account: TestAccount;
  api: SignedInApi;
  companyId: string;
  stages(): Promise<DealStage[]>;
  remove(stageId: string): Promise<Answer<{ deleted: true }>>;
}

async function workspace(): Promise<Workspace> {
  const { account, api } = await newSubscriber(server);
  return {
    account,
    api,
    companyId: account.companyId!,
    stages: async () => (await api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages,
    remove: (stageId) => api.delete(`/api/sales/stages/${stageId}`),
  };
}

const names = (stages: DealStage[]) => stages.map((s) => s.name);
const byName = (stages: DealStage[], name: string) => stages.find((s) => s.name === name)!;

/** Every stage row of the company, as stored. */
const stored = async (companyId: string) =>
  (await server.db.query('SELECT * FROM deal_stages WHERE company_id = $1 ORDER BY position', [companyId]))
    .rows;

let ana: Workspace;
let bruno: Workspace;

beforeAll(async () => {
  ana = await workspace();
  bruno = await workspace();
});

describe('adding a stage', () => {
  it('places a new open stage before the won and lost ones (201)', async () => {
    const w = await workspace();
    const answer = await w.api.post<{ stage: DealStage }>('/api/sales/stages', {
      name: '  Visita agendada ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.stage).toEqual({
      id: expect.any(String),
      name: 'Visita agendada',
      position: 3,
      kind: 'open',
    });
    const stages = await w.stages();
    expect(stages.map((s) => [s.name, s.position, s.kind])).toEqual([
      ['Novo contato', 0, 'open'],
      ['Em negociação', 1, 'open'],
      ['Proposta enviada', 2, 'open'],
      ['Visita agendada', 3, 'open'],
      ['Fechado ganho', 4, 'won'],
      ['Fechado perdido', 5, 'lost'],
    ]);
  });

  it('refuses a name already used, whatever its case (409 on the name), and an empty one (400)', async () => {
    const taken = await ana.api.post('/api/sales/stages', { name: 'novo CONTATO' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'CONFLICT',
      error: STAGE_NAME_TAKEN_TEXT,
      issues: [{ path: 'name', message: STAGE_NAME_TAKEN_TEXT }],
    });
    const empty = await ana.api.post('/api/sales/stages', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: 'name', message: STAGE_NAME_REQUIRED_TEXT }]);
    // Another company's names are its own business.
    expect((await bruno.api.post('/api/sales/stages', { name: 'Retorno' })).status).toBe(201);
    expect((await ana.api.post('/api/sales/stages', { name: 'Retorno' })).status).toBe(201);
  });

  it(`stops at ${STAGES_MAX} stages`, async () => {
    const w = await workspace();
    for (let i = (await w.stages()).length; i < STAGES_MAX; i += 1) {
      expect((await w.api.post('/api/sales/stages', { name: `Etapa ${i}` })).status).toBe(201);
    }
    const answer = await w.api.post('/api/sales/stages', { name: 'Uma a mais' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: STAGES_MAX_TEXT });
    expect(await w.stages()).toHaveLength(STAGES_MAX);
  });
});

describe('renaming a stage', () => {
  it('renames, and refuses the name of another stage', async () => {
    const w = await workspace();
    const [first] = await w.stages();
    const renamed = await w.api.put<{ stage: DealStage }>(`/api/sales/stages/${first!.id}`, {
      name: 'Primeiro contato',
    });
    expect(renamed.body.data.stage).toEqual({ ...first, name: 'Primeiro contato' });
    const sameInOtherCase = await w.api.put(`/api/sales/stages/${first!.id}`, { name: 'PRIMEIRO contato' });
    expect(sameInOtherCase.status).toBe(200);
    const taken = await w.api.put(`/api/sales/stages/${first!.id}`, { name: 'fechado ganho' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(STAGE_NAME_TAKEN_TEXT);
    expect(names(await w.stages())[0]).toBe('PRIMEIRO contato');
  });

  it("is a 404 for another company's stage, which stays as it was", async () => {
    const before = await stored(bruno.companyId);
    const theirs = before[0]!.id as string;
    const answer = await ana.api.put(`/api/sales/stages/${theirs}`, { name: 'Invadido' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: 'Etapa não encontrada.' });
    expect((await ana.api.put('/api/sales/stages/etapa-1', { name: 'X' })).status).toBe(404);
    expect(await stored(bruno.companyId)).toEqual(before);
  });
});

describe('reordering stages', () => {
  it('takes every stage once, in the new order', async () => {
    const w = await workspace();
    const stages = await w.stages();
    const order = [stages[4]!, stages[0]!, stages[2]!, stages[1]!, stages[3]!];
    const answer = await w.api.put<{ stages: DealStage[] }>('/api/sales/stages-order', {
      stageIds: order.map((s) => s.id),
    });
    expect(answer.status).toBe(200);
    expect(names(answer.body.data.stages)).toEqual(names(order));
    expect(answer.body.data.stages.map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
    expect(names(await w.stages())).toEqual(names(order));
  });

  it("refuses a partial list, a repeated stage or another company's stage (400), changing nothing", async () => {
    const w = await workspace();
    const stages = await w.stages();
    const ids = stages.map((s) => s.id);
    const theirs = (await stored(bruno.companyId))[0]!.id as string;
    const before = await stored(w.companyId);
    const brunoBefore = await stored(bruno.companyId);
    for (const stageIds of [
      ids.slice(1),
      [ids[0]!, ...ids.slice(0, -1)],
      [theirs, ...ids.slice(1)],
      [...ids, theirs],
      ['nao-e-id', ...ids.slice(1)],
    ]) {
      const answer = await w.api.put('/api/sales/stages-order', { stageIds });
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([
        { path: 'stageIds', message: 'Envie todas as etapas do funil, cada uma uma vez.' },
      ]);
    }
    expect(await stored(w.companyId)).toEqual(before);
    expect(await stored(bruno.companyId)).toEqual(brunoBefore);
  });
});

describe('deleting a stage', () => {
  it('deletes an empty stage and closes the gap', async () => {
    const w = await workspace();
    const stages = await w.stages();
    const answer = await w.remove(byName(stages, 'Em negociação').id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ deleted: true });
    expect((await w.stages()).map((s) => [s.name, s.position])).toEqual([
      ['Novo contato', 0],
      ['Proposta enviada', 1],
      ['Fechado ganho', 2],
      ['Fechado perdido', 3],
    ]);
  });

  it('refuses a stage with deals', async () => {
    const w = await workspace();
    const stage = byName(await w.stages(), 'Proposta enviada');
    await w.api.post('/api/sales/deals', { title: 'Orçamento', valueCents: 5_000, stageId: stage.id });
    const answer = await w.remove(stage.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: STAGE_HAS_DEALS_TEXT });
    expect(names(await w.stages())).toContain('Proposta enviada');
  });

  it('keeps at least one won and one lost stage', async () => {
    const w = await workspace();
    const stages = await w.stages();
    for (const name of ['Fechado ganho', 'Fechado perdido']) {
      const answer = await w.remove(byName(stages, name).id);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'CONFLICT', error: STAGE_KIND_REQUIRED_TEXT });
    }
    // A board with two won stages (from before kinds existed) may lose one of them.
    await server.db.query(
      `INSERT INTO deal_stages (company_id, name, kind, position) VALUES ($1, 'Vendido', 'won', 5)`,
      [w.companyId],
    );
    expect((await w.remove(byName(stages, 'Fechado ganho').id)).status).toBe(200);
    const vendido = byName(await w.stages(), 'Vendido');
    expect((await w.remove(vendido.id)).status).toBe(409);
  });

  it("is a 404 for another company's stage, which stays", async () => {
    const before = await stored(bruno.companyId);
    const answer = await ana.remove(before[1]!.id as string);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: 'Etapa não encontrada.' });
    expect((await ana.remove('etapa')).status).toBe(404);
    expect(await stored(bruno.companyId)).toEqual(before);
  });
});
