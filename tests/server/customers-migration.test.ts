import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from '../support/db';
import { migrateBefore } from '../support/migrate-before';

let t: TestDb;
let db: Db;
let first: string;
let second: string;

/** A database as it was before customers grew (migrations up to 007), with rows in it, then migrated. */
beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  db = t.db;
  await migrateBefore(db, '008');
  const company = async (name: string) =>
    (await db.query<{ id: string }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0]!
      .id;
  first = await company('Doces da Ana');
  second = await company('Oficina do Bruno');
  const customer = (
    companyId: string,
    name: string,
    phone: string | null,
    notes: string | null,
    minutesAgo: number,
  ) =>
    db.query(
      `INSERT INTO customers (company_id, name, phone, notes, created_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5))`,
      [companyId, name, phone, notes, minutesAgo],
    );
  await customer(first, 'Mariana Souza', '5511987654321', 'Mãe do Théo.', 30);
  // The same person saved again without the ninth digit, later.
  await customer(first, 'Mari (celular antigo)', '551187654321', null, 20);
  await customer(first, 'Mariana 3', '5511987654321', 'Cópia.', 10);
  await customer(first, 'Sem Telefone', null, null, 5);
  await customer(second, 'Mariana em Outra Empresa', '5511987654321', null, 5);
  await migrate(db);
});
afterAll(() => t?.close());

describe('migration 008 on existing customers', () => {
  it('keeps the number on the oldest customer of a person, and in the notes of the others', async () => {
    const { rows } = await db.query<{ name: string; phone: string | null; notes: string | null }>(
      'SELECT name, phone, notes FROM customers WHERE company_id = $1 ORDER BY created_at',
      [first],
    );
    expect(rows).toEqual([
      { name: 'Mariana Souza', phone: '5511987654321', notes: 'Mãe do Théo.' },
      {
        name: 'Mari (celular antigo)',
        phone: null,
        notes: 'Telefone repetido de outro cliente: 551187654321',
      },
      { name: 'Mariana 3', phone: null, notes: 'Cópia.\nTelefone repetido de outro cliente: 5511987654321' },
      { name: 'Sem Telefone', phone: null, notes: null },
    ]);
    const other = await db.query<{ phone: string }>('SELECT phone FROM customers WHERE company_id = $1', [
      second,
    ]);
    expect(other.rows).toEqual([{ phone: '5511987654321' }]);
  });

  it('fills the new columns and counts the customers of each company', async () => {
    const { rows } = await db.query<{
      tags: string[];
      source: string | null;
      sort_name: string;
      phone_key: string;
    }>(
      `SELECT tags, source, sort_name, phone_key FROM customers WHERE company_id = $1 AND phone IS NOT NULL`,
      [first],
    );
    expect(rows).toEqual([{ tags: [], source: null, sort_name: 'mariana souza', phone_key: '551187654321' }]);
    const counts = await db.query<{ company_id: string; total: number }>(
      'SELECT company_id, total FROM customer_counts ORDER BY total DESC',
    );
    expect(counts.rows).toEqual([
      { company_id: first, total: 4 },
      { company_id: second, total: 1 },
    ]);
  });

  it('refuses a second customer of the same person from then on, and keeps the counts as rows come and go', async () => {
    const duplicate = db.query(
      `INSERT INTO customers (company_id, name, phone) VALUES ($1, 'X', '551187654321')`,
      [first],
    );
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await db.query(
      `INSERT INTO customers (company_id, name) SELECT $1, 'Lote ' || g FROM generate_series(1, 3) g`,
      [second],
    );
    await db.query(`DELETE FROM customers WHERE company_id = $1 AND name = 'Sem Telefone'`, [first]);
    const counts = await db.query<{ company_id: string; total: number }>(
      'SELECT company_id, total FROM customer_counts ORDER BY company_id = $1 DESC',
      [first],
    );
    expect(counts.rows).toEqual([
      { company_id: first, total: 3 },
      { company_id: second, total: 4 },
    ]);
    await expect(
      db.query('UPDATE customers SET company_id = $1 WHERE company_id = $2', [first, second]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('migration 042 on existing customers', () => {
  it('gives each the start of every word of its name to be found by, in its own company', async () => {
    const { rows } = await db.query<{ company_id: string; word: string }>(
      `SELECT w.company_id, w.word FROM customer_search_words w JOIN customers c ON c.id = w.customer_id
        WHERE c.name = 'Mari (celular antigo)' ORDER BY w.word`,
    );
    expect(rows).toEqual([
      { company_id: first, word: 'antigo)' },
      { company_id: first, word: 'celular antigo)' },
      { company_id: first, word: 'mari (celular antigo)' },
    ]);
  });
});
