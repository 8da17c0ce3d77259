import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomersPage } from '../../contracts/customers';
import { searchText } from '../../contracts/search-text';
import { SEARCH_COUNT_BOUND } from '../../server/modules/customers/list-customers';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';

// A search counts its matches up to SEARCH_COUNT_BOUND and says "more" past it; its pages stay whole.
let server: TestServer;
let api: SignedInApi;
let companyId: string;

const MANY = SEARCH_COUNT_BOUND + 100;

beforeAll(async () => {
  server = await startTestServer();
  const account = await createTestAccount(server.db, { subscription: 'active' });
  companyId = account.companyId!;
  api = signedInApi(server.url, account);
  // More "Zuleica" than the bound, accents and case mixed, names repeated (ordered by id among
  // themselves), with "Zuleide" between them in name order (found by "zule", not by "zuleica").
  await server.db.query(
    `INSERT INTO customers (company_id, name)
     SELECT $1, (ARRAY['Zuleica', 'zulEICA', 'Zuléica', 'Zuleide'])[1 + g % 4] || ' ' || (g * 7919 % 400)
       FROM generate_series(1, $2::int) g`,
    [companyId, Math.ceil((MANY * 4) / 3)],
  );
  // Exactly as many "Yara" as the bound: counted to the end.
  await server.db.query(
    `INSERT INTO customers (company_id, name) SELECT $1, 'Yara ' || g FROM generate_series(1, $2::int) g`,
    [companyId, SEARCH_COUNT_BOUND],
  );
  // Another company's matches are never counted nor listed.
  const other = await createTestAccount(server.db, { subscription: 'active' });
  await server.db.query(
    `INSERT INTO customers (company_id, name) SELECT $1, 'Zuleica Outra ' || g FROM generate_series(1, 50) g`,
    [other.companyId],
  );
});
afterAll(() => server?.close());

const list = async (params: Record<string, string | number>): Promise<CustomersPage> => {
  const answer = await api.get<CustomersPage>(
    `/api/customers?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
};

/** The company's customers whose name holds `term`, in the list's order (name ignoring accents and case, then id). */
async function expectedMatches(term: string): Promise<string[]> {
  const { rows } = await server.db.query<{ id: string; name: string }>(
    'SELECT id::text AS id, name FROM customers WHERE company_id = $1',
    [companyId],
  );
  const key = (r: { name: string }) => searchText(r.name);
  return rows
    .filter((r) => key(r).includes(term))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

describe('GET /api/customers: a search with many matches', () => {
  it('counts up to the bound and says the count goes further; the page is the first in name order', async () => {
    const expected = await expectedMatches('zuleica');
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_BOUND);
    const page = await list({ search: 'ZULEICA', limit: 50 });
    expect(page.totalCount).toBe(SEARCH_COUNT_BOUND);
    expect(page.totalCountExact).toBe(false);
    expect(page.hasNextPage).toBe(true);
    expect(page.customers.map((c) => c.id)).toEqual(expected.slice(0, 50));
  });

  it('walks every match exactly once with cursors, past the bound', async () => {
    const expected = await expectedMatches('zuleica');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CustomersPage = await list({ search: 'zuleica', limit: 100, ...(cursor && { cursor }) });
      expect(page.totalCountExact).toBe(false);
      seen.push(...page.customers.map((c) => c.id));
      cursor = page.hasNextPage ? page.endCursor : null;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('opens a page past the bound from its number (a shared ?page= link); the last one has no next', async () => {
    const expected = await expectedMatches('zuleica');
    const past = await list({ search: 'zuleica', limit: 50, page: 21 });
    expect(past.customers.map((c) => c.id)).toEqual(expected.slice(1000, 1050));
    expect(past.hasNextPage).toBe(expected.length > 1050);
    const lastPage = Math.ceil(expected.length / 50);
    const last = await list({ search: 'zuleica', limit: 50, page: lastPage });
    expect(last.customers.map((c) => c.id)).toEqual(expected.slice((lastPage - 1) * 50));
    expect(last.hasNextPage).toBe(false);
  });

  it('a needle of two letters (the index of pairs) is bounded the same', async () => {
    const expected = await expectedMatches('zu');
    const page = await list({ search: 'zú', limit: 10 });
    expect(page).toMatchObject({ totalCount: SEARCH_COUNT_BOUND, totalCountExact: false, hasNextPage: true });
    expect(page.customers.map((c) => c.id)).toEqual(expected.slice(0, 10));
  });

  it('counts exactly as many matches as the bound, and pages them', async () => {
    const expected = await expectedMatches('yara');
    const first = await list({ search: 'yara', limit: 100 });
    expect(first).toMatchObject({ totalCount: SEARCH_COUNT_BOUND, totalCountExact: true, hasNextPage: true });
    expect(first.customers.map((c) => c.id)).toEqual(expected.slice(0, 100));
    const last = await list({ search: 'yara', limit: 100, page: 10 });
    expect(last.customers.map((c) => c.id)).toEqual(expected.slice(900));
    expect(last.hasNextPage).toBe(false);
  });

  it('counts fewer matches exactly, and the whole list exactly', async () => {
    const few = await list({ search: 'zuleide 39', limit: 10 });
    const expected = await expectedMatches('zuleide 39');
    expect(few).toMatchObject({ totalCount: expected.length, totalCountExact: true });
    expect(few.customers.map((c) => c.id)).toEqual(expected.slice(0, 10));
    const everyone = await list({ limit: 10 });
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE company_id = $1',
      [companyId],
    );
    expect(everyone).toMatchObject({ totalCount: rows[0]!.n, totalCountExact: true });
  });
});
