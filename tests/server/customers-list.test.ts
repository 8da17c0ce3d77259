import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomersPage } from '../../contracts/customers';
import { INVALID_CURSOR_TEXT } from '../../contracts/pagination';
import { searchText } from '../../contracts/search-text';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';

let server: TestServer;
let api: SignedInApi;
let companyId: string;

/** Named customers the searches look for; the rest of the company is filler. */
const named = [
  { name: 'João da Silva', phone: '5511987654321', email: 'joao.silva@email.com.br' },
  { name: 'JOANA Conceição', phone: '5521998877665', email: null },
  { name: 'José Araújo', phone: '5531991112222', email: 'ze@oficina.example' },
  { name: 'Ágata Simões', phone: '5511966667777', email: 'agata@doces.example' },
  { name: 'Élida Brandão', phone: '14155550100', email: 'ELIDA@Exemplo.com' },
  { name: 'Fábio 50% Off', phone: null, email: 'fabio_promo@exemplo.com' },
  // Saved before the ninth digit (a landline keeps eight).
  { name: 'Loja do Seu Zé', phone: '551133334444', email: null },
];
const FILLER = 130;

beforeAll(async () => {
  server = await startTestServer();
  const account = await createTestAccount(server.db, { subscription: 'active' });
  companyId = account.companyId!;
  api = signedInApi(server.url, account);
  for (const c of named) {
    await server.db.query('INSERT INTO customers (company_id, name, phone, email) VALUES ($1, $2, $3, $4)', [
      companyId,
      c.name,
      c.phone,
      c.email,
    ]);
  }
  // Repeated names (ordered by id among themselves), some accented, no phones.
  await server.db.query(
    `INSERT INTO customers (company_id, name)
     SELECT $1, (ARRAY['Ana Lima', 'ana lima', 'Bruno Alves', 'Cláudia Gomes', 'Márcia Pereira'])[1 + g % 5] || ' ' || (g % 7)
       FROM generate_series(1, ${FILLER}) g`,
    [companyId],
  );
  // Another company's customers never show up.
  const other = await createTestAccount(server.db, { subscription: 'active' });
  await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'João Outra Empresa')`, [
    other.companyId,
  ]);
});
afterAll(() => server?.close());

const list = (params: Record<string, string | number>) =>
  api.get<CustomersPage>(
    `/api/customers?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
  );

async function searchNames(search: string): Promise<string[]> {
  const answer = await list({ search, limit: 100 });
  expect(answer.status).toBe(200);
  expect(answer.body.data.totalCount).toBe(answer.body.data.customers.length);
  return answer.body.data.customers.map((c) => c.name);
}

/** Every customer of the company in the list's order: accent- and case-insensitive name, then id. */
async function expectedOrder(): Promise<{ id: string; name: string }[]> {
  const { rows } = await server.db.query<{ id: string; name: string }>(
    'SELECT id::text AS id, name FROM customers WHERE company_id = $1',
    [companyId],
  );
  const key = (r: { id: string; name: string }) => searchText(r.name);
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));
}

describe('GET /api/customers search', () => {
  it('finds by a partial name regardless of accents and case', async () => {
    expect(await searchNames('joao')).toEqual(['João da Silva']);
    expect(await searchNames('JOÃO')).toEqual(['João da Silva']);
    expect(await searchNames('conceicao')).toEqual(['JOANA Conceição']);
    expect(await searchNames('jo')).toEqual(['JOANA Conceição', 'João da Silva', 'José Araújo']);
    expect(await searchNames('  elida   BRANDAO ')).toEqual(['Élida Brandão']);
    expect(await searchNames('ze')).toEqual(['José Araújo', 'Loja do Seu Zé']);
  });

  it('finds by e-mail, accents and case ignored', async () => {
    expect(await searchNames('oficina.example')).toEqual(['José Araújo']);
    expect(await searchNames('elida@exemplo')).toEqual(['Élida Brandão']);
  });

  it('finds by phone digits typed in any format, partial, with or without the ninth digit', async () => {
    for (const typed of [
      '98765-4321',
      '(11) 98765',
      '+55 11 98765-4321',
      '11 8765-4321',
      '8765 4321',
      '4321',
    ]) {
      expect(await searchNames(typed), typed).toEqual(['João da Silva']);
    }
    expect(await searchNames('(11) 3333-4444')).toEqual(['Loja do Seu Zé']);
    expect(await searchNames('555 0100')).toEqual(['Élida Brandão']);
  });

  it('takes %, _ and \\ as the characters they are', async () => {
    expect(await searchNames('50%')).toEqual(['Fábio 50% Off']);
    expect(await searchNames('50% o')).toEqual(['Fábio 50% Off']);
    expect(await searchNames('fabio_p')).toEqual(['Fábio 50% Off']);
    // As wildcards they would find "fabio_promo" and "ana lima".
    expect(await searchNames('fab%o')).toEqual([]);
    expect(await searchNames('ana_')).toEqual([]);
    expect(await searchNames('%%')).toEqual([]);
    expect(await searchNames('a\\')).toEqual([]);
  });

  it('finds names and e-mails by the start of a word, phones by digits anywhere', async () => {
    expect(await searchNames('silv')).toEqual(['João da Silva']);
    expect(await searchNames('da silva')).toEqual(['João da Silva']);
    expect(await searchNames('joao.s')).toEqual(['João da Silva']);
    // Inside a word: not a match.
    expect(await searchNames('ilva')).toEqual([]);
    expect(await searchNames('oao')).toEqual([]);
    // Punctuation before the first word is left out: "@exemplo" finds the e-mails at exemplo.
    expect(await searchNames('@exemplo')).toEqual(['Élida Brandão', 'Fábio 50% Off']);
    expect(await searchNames('4321')).toEqual(['João da Silva']);
  });

  it('keeps finding a customer by their new name and e-mail after an edit, and not by the old ones', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO customers (company_id, name, email) VALUES ($1, 'Renata Quintal', 'renata@quintal.example')
       RETURNING id`,
      [companyId],
    );
    const id = rows[0]!.id;
    try {
      expect(await searchNames('quint')).toEqual(['Renata Quintal']);
      const saved = await api.put(`/api/customers/${id}`, {
        name: 'Renata Xavier',
        email: 'rx@loja.example',
      });
      expect(saved.status).toBe(200);
      expect(await searchNames('quint')).toEqual([]);
      expect(await searchNames('xavi')).toEqual(['Renata Xavier']);
      expect(await searchNames('rx@l')).toEqual(['Renata Xavier']);
      // Tags and notes change nothing a search finds.
      await server.db.query(`UPDATE customers SET notes = 'Cliente antiga' WHERE id = $1`, [id]);
      expect(await searchNames('renata x')).toEqual(['Renata Xavier']);
    } finally {
      await server.db.query('DELETE FROM customers WHERE id = $1', [id]);
    }
    expect(await searchNames('xavi')).toEqual([]);
  });

  it('lists everyone for a search shorter than 2 characters', async () => {
    for (const search of ['', 'j', ' j ']) {
      const answer = await list({ search });
      expect(answer.status).toBe(200);
      expect(answer.body.data.totalCount).toBe(named.length + FILLER);
    }
  });

  it('counts every match, not just the page', async () => {
    const answer = await list({ search: 'ana lima', limit: 10 });
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customers WHERE company_id = $1 AND lower(name) LIKE '%ana lima%'`,
      [companyId],
    );
    expect(rows[0]!.n).toBeGreaterThan(10);
    expect(answer.body.data.totalCount).toBe(rows[0]!.n);
    expect(answer.body.data.customers).toHaveLength(10);
    expect(answer.body.data.hasNextPage).toBe(true);
  });
});

describe('GET /api/customers pages', () => {
  it('answers 50 by default, in name order ignoring accents and case, then id', async () => {
    const answer = await list({});
    expect(answer.status).toBe(200);
    const page = answer.body.data;
    expect(page.customers).toHaveLength(50);
    expect(page.totalCount).toBe(named.length + FILLER);
    expect(page.hasNextPage).toBe(true);
    expect(page.customers.map((c) => c.id)).toEqual((await expectedOrder()).slice(0, 50).map((c) => c.id));
    expect(page.customers[0]).toEqual({
      id: expect.any(String),
      name: 'Ágata Simões',
      phone: '5511966667777',
      email: 'agata@doces.example',
      notes: null,
      tags: [],
      source: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastContactAt: null,
    } satisfies Customer);
  });

  it('walks every customer exactly once with cursors, even while customers are added', async () => {
    const expected = await expectedOrder();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await list({ limit: 10, ...(cursor && { cursor }) });
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.customers.map((c) => c.id));
      expect(answer.body.data.totalCount).toBe(expected.length + (pages > 0 ? 1 : 0));
      cursor = answer.body.data.hasNextPage ? answer.body.data.endCursor : null;
      if (pages === 0) {
        // Sorts before every page still to come: it must not shift them.
        await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'AAA Primeiro')`, [
          companyId,
        ]);
      }
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected.map((c) => c.id));
    expect(pages).toBe(Math.ceil(expected.length / 10));
    await server.db.query(`DELETE FROM customers WHERE company_id = $1 AND name = 'AAA Primeiro'`, [
      companyId,
    ]);
  });

  it('walks a search with cursors', async () => {
    const expected = (await expectedOrder()).filter((c) => searchText(c.name).includes('marcia'));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await list({ search: 'MÁRCIA', limit: 10, ...(cursor && { cursor }) });
      expect(answer.body.data.totalCount).toBe(expected.length);
      seen.push(...answer.body.data.customers.map((c) => c.id));
      cursor = answer.body.data.hasNextPage ? answer.body.data.endCursor : null;
    } while (cursor);
    expect(seen).toEqual(expected.map((c) => c.id));
  });

  it('starts at a 1-based page without a cursor; the cursor wins over page', async () => {
    const expected = await expectedOrder();
    const third = await list({ page: 3, limit: 10 });
    expect(third.body.data.customers.map((c) => c.id)).toEqual(expected.slice(20, 30).map((c) => c.id));
    const next = await list({ page: 3, limit: 10, cursor: third.body.data.endCursor! });
    expect(next.body.data.customers.map((c) => c.id)).toEqual(expected.slice(30, 40).map((c) => c.id));
    const past = await list({ page: 100, limit: 10 });
    expect(past.body.data).toMatchObject({ customers: [], hasNextPage: false, endCursor: null });
    expect(past.body.data.totalCount).toBe(expected.length);
    const last = await list({ page: Math.ceil(expected.length / 10), limit: 10 });
    expect(last.body.data.hasNextPage).toBe(false);
  });

  it('pages past names too long to fit in a cursor', async () => {
    const long = '漢'.repeat(115);
    await server.db.query(
      `INSERT INTO customers (company_id, name)
       SELECT $1, $2 || ' ' || lpad(g::text, 2, '0') FROM generate_series(1, 12) g`,
      [companyId, long],
    );
    try {
      const first = await list({ search: '漢漢漢', limit: 10 });
      expect(first.body.data.customers).toHaveLength(10);
      expect(first.body.data.endCursor!.length).toBeLessThanOrEqual(512);
      const second = await list({ search: '漢漢漢', limit: 10, cursor: first.body.data.endCursor! });
      expect(second.status).toBe(200);
      expect(second.body.data.customers.map((c) => c.name)).toEqual([`${long} 11`, `${long} 12`]);
      expect(second.body.data.hasNextPage).toBe(false);
    } finally {
      await server.db.query(`DELETE FROM customers WHERE company_id = $1 AND name LIKE '漢%'`, [companyId]);
    }
  });

  it('refuses a cursor it did not make and a limit outside 10–100', async () => {
    for (const cursor of [
      'nao-e-um-cursor',
      Buffer.from('{"n":"a"}').toString('base64url'),
      Buffer.from('{"i":"00000000-0000-4000-8000-000000000000"}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      const answer = await list({ cursor });
      expect(answer.status, cursor).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', error: INVALID_CURSOR_TEXT });
      expect(answer.body.issues?.[0]?.path).toBe('query.cursor');
    }
    for (const limit of [9, 101, 'dez']) {
      const answer = await list({ limit });
      expect(answer.status).toBe(400);
      expect(answer.body.issues?.[0]?.path).toBe('query.limit');
    }
    expect((await list({ page: 0 })).status).toBe(400);
    expect((await list({ search: 'x'.repeat(101) })).status).toBe(400);
  });
});
