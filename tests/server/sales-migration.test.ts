import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStages } from '../../contracts/sales';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from '../support/db';
import { migrateBefore } from '../support/migrate-before';

/**
 * Migration 010 on a database made before it: boards get stage kinds and a won and a lost stage,
 * deals a status that matches their stage; every company has stages, new ones the defaults.
 */

let t: TestDb;
let db: Db;

async function company(name: string): Promise<string> {
  return (await db.query<{ id: string }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name]))
    .rows[0]!.id;
}

async function stages(companyId: string) {
  return (
    await db.query<{ name: string; kind: string; position: number }>(
      'SELECT name, kind, position FROM deal_stages WHERE company_id = $1 ORDER BY position',
      [companyId],
    )
  ).rows;
}

async function deals(companyId: string) {
  return (
    await db.query<{ title: string; stage: string; status: string; position: number; closed: boolean }>(
      `SELECT d.title, s.name AS stage, d.status, d.position, d.closed_at IS NOT NULL AS closed
         FROM deals d JOIN deal_stages s ON s.id = d.stage_id
        WHERE d.company_id = $1 ORDER BY s.position, d.position`,
      [companyId],
    )
  ).rows;
}

let demo: string;
let named: string;
let bare: string;

beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  db = t.db;
  // The migrations before this one, then data as the old demo seed wrote it.
  await migrateBefore(db, '010');

  demo = await company('Doces da Ana');
  const stageIds: Record<string, string> = {};
  for (const [position, name] of ['Novo contato', 'Orçamento enviado', 'Negociação', 'Fechado'].entries()) {
    stageIds[name] = (
      await db.query<{ id: string }>(
        'INSERT INTO deal_stages (company_id, name, position) VALUES ($1, $2, $3) RETURNING id',
        [demo, name, position],
      )
    ).rows[0]!.id;
  }
  const old = [
    ['Bolo de 15 anos', 'Novo contato', 'open'],
    ['Bolo de pote', 'Novo contato', 'open'],
    ['Bem-casados', 'Orçamento enviado', 'open'],
    ['Kit festa', 'Fechado', 'won'],
    ['Torta', 'Fechado', 'lost'],
  ] as const;
  for (const [i, [title, stage, status]] of old.entries()) {
    await db.query(
      `INSERT INTO deals (company_id, stage_id, title, status, created_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
      [demo, stageIds[stage], title, status, 10 - i],
    );
  }

  named = await company('Com etapas nomeadas');
  await db.query(
    `INSERT INTO deal_stages (company_id, name, position) VALUES ($1, 'Lead', 0), ($1, 'Vendas ganhas', 1),
       ($1, 'Negócio perdido', 2)`,
    [named],
  );
  // An open deal in a stage that says "won".
  await db.query(
    `INSERT INTO deals (company_id, stage_id, title)
     SELECT $1, id, 'Já vendido' FROM deal_stages WHERE company_id = $1 AND name = 'Vendas ganhas'`,
    [named],
  );
  await db.query(
    `INSERT INTO services (company_id, name, created_at)
     VALUES ($1, 'Bolo de Pote', now() - interval '3 days'), ($1, 'bolo de pote', now() - interval '2 days'),
            ($1, 'Bolo  de pôte', now() - interval '1 day')`,
    [named],
  );

  bare = await company('Sem etapas');
  await migrate(db);
});
afterAll(() => t?.close());

describe('migration 010 on existing boards', () => {
  it('gives the old demo board a won and a lost stage, moving its closed deals there', async () => {
    expect(await stages(demo)).toEqual([
      { name: 'Novo contato', kind: 'open', position: 0 },
      { name: 'Orçamento enviado', kind: 'open', position: 1 },
      { name: 'Negociação', kind: 'open', position: 2 },
      { name: 'Fechado ganho', kind: 'won', position: 3 },
      { name: 'Fechado perdido', kind: 'lost', position: 4 },
    ]);
    expect(await deals(demo)).toEqual([
      { title: 'Bolo de 15 anos', stage: 'Novo contato', status: 'open', position: 0, closed: false },
      { title: 'Bolo de pote', stage: 'Novo contato', status: 'open', position: 1, closed: false },
      { title: 'Bem-casados', stage: 'Orçamento enviado', status: 'open', position: 0, closed: false },
      { title: 'Kit festa', stage: 'Fechado ganho', status: 'won', position: 0, closed: true },
      { title: 'Torta', stage: 'Fechado perdido', status: 'lost', position: 0, closed: true },
    ]);
  });

  it('reads kinds from stage names and makes deals agree with their stage', async () => {
    expect(await stages(named)).toEqual([
      { name: 'Lead', kind: 'open', position: 0 },
      { name: 'Vendas ganhas', kind: 'won', position: 1 },
      { name: 'Negócio perdido', kind: 'lost', position: 2 },
    ]);
    expect(await deals(named)).toEqual([
      { title: 'Já vendido', stage: 'Vendas ganhas', status: 'won', position: 0, closed: true },
    ]);
  });

  it('numbers service names that only differed in case, accents or spaces', async () => {
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM services WHERE company_id = $1 ORDER BY created_at',
      [named],
    );
    // The oldest keeps its name.
    expect(rows.map((r) => r.name)).toEqual(['Bolo de Pote', 'bolo de pote (2)', 'Bolo  de pôte (3)']);
  });
});

describe('default stages', () => {
  it('are the contract’s defaultStages, for companies that had none and every new company', async () => {
    const expected = defaultStages.map((stage, position) => ({ ...stage, position }));
    expect(await stages(bare)).toEqual(expected);
    expect(await stages(await company('Nova'))).toEqual(expected);
  });
});

describe('what the database holds to', () => {
  it('a deal’s status is its stage’s kind, and only closed deals have closed_at', async () => {
    const c = await company('Regras');
    const won = (
      await db.query<{ id: string }>(`SELECT id FROM deal_stages WHERE company_id = $1 AND kind = 'won'`, [c])
    ).rows[0]!.id;
    const insert = (status: string, closedAt: Date | null) =>
      db.query(
        'INSERT INTO deals (company_id, stage_id, title, status, closed_at) VALUES ($1, $2, $3, $4, $5)',
        [c, won, 'x', status, closedAt],
      );
    await expect(insert('open', null)).rejects.toMatchObject({ code: '23503' });
    await expect(insert('won', null)).rejects.toMatchObject({ code: '23514' });
    await insert('won', new Date());
  });
});
