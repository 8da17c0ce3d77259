import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from '../support/db';

let t: TestDb;
let db: Db;
let firstRun: string[];

beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  db = t.db;
  firstRun = await migrate(db);
});
afterAll(() => t?.close());

/** Resolves to the SQLSTATE the statement failed with (it must fail). */
async function sqlState(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => {
      throw new Error('expected the statement to fail');
    },
    (err: { code?: string }) => err,
  );
  return String(error.code);
}

const FOREIGN_KEY = '23503';
const CHECK = '23514';
const UNIQUE = '23505';
const NOT_NULL = '23502';

async function company(name: string): Promise<string> {
  return (await db.query<{ id: string }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name]))
    .rows[0]!.id;
}

async function insert(table: string, values: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(values);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  );
  return rows[0]!.id;
}

describe('migrations', () => {
  it('apply every file in order, once', async () => {
    const files = (await readdir(new URL('../../server/db/migrations/', import.meta.url)))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(firstRun).toEqual(files);
    expect(firstRun[0]).toBe('001_core.sql');
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.rows.map((r) => r.name)).toEqual(files);
  });

  it('create the first-cut tables', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      'companies',
      'users',
      'memberships',
      'customers',
      'services',
      'deal_stages',
      'deals',
      'tasks',
      'follow_up_messages',
      'jobs',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('index company_id on every product table', async () => {
    // Plain catalog columns only: functions such as pg_get_indexdef open relations, and other test
    // files drop their schemas meanwhile ("could not open relation with OID").
    const { rows } = await db.query<{ table_name: string; indexed: boolean }>(
      `SELECT c.relname AS table_name,
              EXISTS (SELECT 1 FROM pg_index x
                      WHERE x.indrelid = c.oid AND x.indkey[0] = a.attnum) AS indexed
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => !r.indexed).map((r) => r.table_name)).toEqual([]);
  });
});

describe('company scoping', () => {
  let a: string;
  let b: string;
  let customerOfB: string;
  let stageOfA: string;
  let stageOfB: string;
  let taskOfB: string;

  beforeAll(async () => {
    a = await company('Empresa A');
    b = await company('Empresa B');
    customerOfB = await insert('customers', { company_id: b, name: 'Cliente de B', phone: '5511999990000' });
    // Every company starts with the default stages (a trigger); these are stages of their own.
    stageOfA = await insert('deal_stages', { company_id: a, name: 'Visita marcada', position: 10 });
    stageOfB = await insert('deal_stages', { company_id: b, name: 'Visita marcada', position: 10 });
    taskOfB = await insert('tasks', { company_id: b, title: 'Tarefa de B' });
  });

  it('requires a company on product rows', async () => {
    expect(await sqlState(insert('customers', { name: 'Sem empresa' }))).toBe(NOT_NULL);
    expect(await sqlState(insert('tasks', { title: 'Sem empresa' }))).toBe(NOT_NULL);
  });

  it("refuses references to another company's rows", async () => {
    expect(
      await sqlState(
        insert('deals', { company_id: a, stage_id: stageOfA, customer_id: customerOfB, title: 'x' }),
      ),
    ).toBe(FOREIGN_KEY);
    expect(await sqlState(insert('deals', { company_id: a, stage_id: stageOfB, title: 'x' }))).toBe(
      FOREIGN_KEY,
    );
    expect(await sqlState(insert('tasks', { company_id: a, customer_id: customerOfB, title: 'x' }))).toBe(
      FOREIGN_KEY,
    );
    expect(
      await sqlState(
        insert('follow_up_messages', {
          company_id: a,
          task_id: taskOfB,
          customer_id: customerOfB,
          body: 'Oi!',
          scheduled_for: new Date(),
        }),
      ),
    ).toBe(FOREIGN_KEY);
    // The same rows within their own company are fine.
    await insert('deals', { company_id: b, stage_id: stageOfB, customer_id: customerOfB, title: 'Bolo' });
    await insert('follow_up_messages', {
      company_id: b,
      task_id: taskOfB,
      customer_id: customerOfB,
      body: 'Oi!',
      scheduled_for: new Date(),
    });
  });

  it("keeps a user's current company among their memberships", async () => {
    const user = await insert('users', { email: 'dona@empresa.com.br', name: 'Dona' });
    await insert('memberships', { user_id: user, company_id: a, role: 'owner' });
    await db.query('UPDATE users SET current_company_id = $2 WHERE id = $1', [user, a]);
    expect(
      await sqlState(db.query('UPDATE users SET current_company_id = $2 WHERE id = $1', [user, b])),
    ).toBe(FOREIGN_KEY);
    await db.query('DELETE FROM memberships WHERE user_id = $1', [user]);
    const after = await db.query<{ current_company_id: string | null }>(
      'SELECT current_company_id FROM users WHERE id = $1',
      [user],
    );
    expect(after.rows[0]!.current_company_id).toBeNull();
  });

  it('deletes a company with everything it owns and nothing else', async () => {
    const c = await company('Empresa C');
    const customer = await insert('customers', { company_id: c, name: 'Cliente de C' });
    const stage = await insert('deal_stages', { company_id: c, name: 'Visita marcada', position: 10 });
    const task = await insert('tasks', { company_id: c, title: 'Ligar', customer_id: customer });
    await insert('deals', { company_id: c, stage_id: stage, customer_id: customer, title: 'Bolo' });
    await insert('follow_up_messages', {
      company_id: c,
      task_id: task,
      customer_id: customer,
      body: 'Oi!',
      scheduled_for: new Date(),
    });
    await insert('jobs', { company_id: c, kind: 'test.cascade' });
    await db.query('DELETE FROM companies WHERE id = $1', [c]);
    for (const table of ['customers', 'deal_stages', 'deals', 'tasks', 'follow_up_messages', 'jobs']) {
      const { rows } = await db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM ${table} WHERE company_id = $1`,
        [c],
      );
      expect(Number(rows[0]!.n), table).toBe(0);
    }
    const others = await db.query('SELECT 1 FROM customers WHERE id = $1', [customerOfB]);
    expect(others.rows).toHaveLength(1);
  });
});

describe('constraints', () => {
  let c: string;
  beforeAll(async () => {
    c = await company('Restrições');
  });

  it('holds enums to their values', async () => {
    expect(await sqlState(insert('tasks', { company_id: c, title: 'x', recurrence: 'hourly' }))).toBe(CHECK);
    expect(await sqlState(insert('tasks', { company_id: c, title: 'x', status: 'done' }))).toBe(CHECK);
    expect(await sqlState(insert('companies', { name: 'x', document_type: 'rg' }))).toBe(CHECK);
    expect(await sqlState(insert('memberships', { company_id: c, user_id: c, role: 'boss' }))).toBe(CHECK);
    expect(await sqlState(insert('jobs', { kind: 'x', status: 'paused' }))).toBe(CHECK);
    for (const recurrence of [
      'none',
      'daily',
      'weekly',
      'biweekly',
      'monthly',
      'quarterly',
      'semestral',
      'yearly',
    ]) {
      await insert('tasks', { company_id: c, title: recurrence, recurrence });
    }
    const defaults = await db.query<{ document_type: string }>(
      'SELECT document_type FROM companies WHERE id = $1',
      [c],
    );
    expect(defaults.rows[0]!.document_type).toBe('cpf');
  });

  it('keeps statuses and their timestamps consistent', async () => {
    expect(await sqlState(insert('tasks', { company_id: c, title: 'x', status: 'completed' }))).toBe(CHECK);
    await insert('tasks', { company_id: c, title: 'x', status: 'completed', completed_at: new Date() });
    expect(
      await sqlState(
        insert('tasks', { company_id: c, title: 'x', reference_entity_name: 'follow_up_message' }),
      ),
    ).toBe(CHECK);
  });

  it('stores e-mails lower-cased and once', async () => {
    expect(await sqlState(insert('users', { email: 'Ana@Exemplo.com' }))).toBe(CHECK);
    await insert('users', { email: 'ana@exemplo.com' });
    expect(await sqlState(insert('users', { email: 'ana@exemplo.com' }))).toBe(UNIQUE);
  });

  it('checks document numbers and phone digits', async () => {
    expect(
      await sqlState(insert('companies', { document_type: 'cpf', document_number: '123.456.789-09' })),
    ).toBe(CHECK);
    await insert('companies', { document_type: 'cpf', document_number: '12345678909' });
    await insert('companies', { document_type: 'cnpj', document_number: '12ABC34501DE35' });
    expect(await sqlState(insert('customers', { company_id: c, name: 'x', phone: '+55 11 9999-0000' }))).toBe(
      CHECK,
    );
  });

  it('keeps stage names and positions unique per company', async () => {
    await insert('deal_stages', { company_id: c, name: 'Degustação', position: 10 });
    expect(await sqlState(insert('deal_stages', { company_id: c, name: 'degustação', position: 11 }))).toBe(
      UNIQUE,
    );
    expect(await sqlState(insert('deal_stages', { company_id: c, name: 'Outra', position: 10 }))).toBe(
      UNIQUE,
    );
  });

  it('refreshes updated_at on every update', async () => {
    const old = new Date('2020-01-01T00:00:00Z');
    const id = await insert('customers', { company_id: c, name: 'Antiga', created_at: old, updated_at: old });
    const { rows } = await db.query<{ updated_at: string }>(
      "UPDATE customers SET name = 'Nova' WHERE id = $1 RETURNING updated_at",
      [id],
    );
    expect(new Date(rows[0]!.updated_at).getTime()).toBeGreaterThan(old.getTime());
  });
});
