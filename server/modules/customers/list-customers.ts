import type { CustomersPage, ListCustomersQuery } from '../../../contracts/customers';
import type { Db, Queryable } from '../../db/types';
import { invalidCursor, keysetPage } from '../../http/keyset-cursor';
import { type CustomerRow, customerColumns, toCustomer } from './customer-row';
import { type CustomerSearch, customerSearch } from './customer-search';
import { decodeListCursor, encodeListCursor } from './list-cursor';

type ListRow = CustomerRow & { sort_name: string };

interface PageWindow {
  /** After this row (keyset), or from the start. */
  after: { sortName: string; id: string } | null;
  limit: number;
  offset: number;
}

/**
 * GET /api/customers: the company's customers by name (accents and case ignored), then id; a search
 * by name, e-mail or phone; keyset pages from a cursor, or a 1-based `page` without one.
 */
export async function listCustomers(
  db: Db,
  companyId: string,
  query: ListCustomersQuery,
): Promise<CustomersPage> {
  const search = customerSearch(query.search);
  let after: PageWindow['after'] = null;
  if (query.cursor) {
    const position = decodeListCursor(query.cursor);
    after =
      'sortName' in position
        ? position
        : { sortName: await sortNameOf(db, companyId, position.id), id: position.id };
  }
  const window: PageWindow = {
    after,
    // One more than asked: whether there is a next page.
    limit: query.limit + 1,
    offset: !query.cursor && query.page ? (query.page - 1) * query.limit : 0,
  };
  const { rows, totalCount } = search
    ? await searchPage(db, companyId, search, window)
    : await everyonePage(db, companyId, window);

  const page = keysetPage(rows, query.limit, (last) => encodeListCursor(last.sort_name, last.id));
  return {
    customers: page.rows.map(toCustomer),
    totalCount,
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}

/** No search: walk the name index; the count is the one the triggers keep (not 100,000 rows counted). */
async function everyonePage(
  db: Queryable,
  companyId: string,
  window: PageWindow,
): Promise<{ rows: ListRow[]; totalCount: number }> {
  const count = await db.query<{ total: number }>(
    'SELECT coalesce((SELECT total FROM customer_counts WHERE company_id = $1), 0) AS total',
    [companyId],
  );
  const params: unknown[] = [companyId];
  let keyset = '';
  if (window.after) {
    params.push(window.after.sortName, window.after.id);
    keyset = 'AND (sort_name, id) > ($2, $3::uuid)';
  }
  params.push(window.limit, window.offset);
  const { rows } = await db.query<ListRow>(
    `SELECT ${customerColumns()}, sort_name FROM customers
      WHERE company_id = $1 ${keyset}
      ORDER BY sort_name, id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, totalCount: Number(count.rows[0]?.total ?? 0) };
}

type CountedRow = { total_count: number } & { [K in keyof ListRow]: ListRow[K] | null };

/**
 * A search reads its index first, once, for the count and the page: the trigram index, or for a
 * needle without three letters or digits in a row ("jo", "a b") the index of character pairs. Left
 * to itself the planner would scan the whole company and filter, taking a LIKE on 100,000 rows to
 * cost no more than visiting the matches (it costs several times more); and on PGlite, which never
 * gathers statistics, it takes `company_id = $1` for a handful of rows and walks the company. So:
 * no sequential scan here, and on PGlite the company is checked after the index, not before (an
 * embedded database holds one business, or a few). PostgreSQL, with autovacuum's statistics, weighs
 * the company's index against the search index itself.
 */
async function searchPage(
  db: Db,
  companyId: string,
  search: CustomerSearch,
  window: PageWindow,
): Promise<{ rows: ListRow[]; totalCount: number }> {
  const params: unknown[] = [companyId, search.pattern];
  const conditions = ['search_document LIKE customer_search_text($2)'];
  if (!search.trigrams) {
    params.push(search.needle);
    conditions.unshift(
      `customer_search_bigrams(search_document) @> customer_search_bigrams(customer_search_text($${params.length}))`,
    );
  }
  if (db.kind !== 'pglite') conditions.push('company_id = $1');
  let keyset = 'true';
  if (window.after) {
    params.push(window.after.sortName, window.after.id);
    keyset = `(sort_name, id) > ($${params.length - 1}, $${params.length}::uuid)`;
  }
  params.push(window.limit, window.offset);
  const sql = `
    WITH matches AS MATERIALIZED (
      SELECT id, sort_name FROM (
        SELECT id, sort_name, company_id FROM customers WHERE ${conditions.join(' AND ')} OFFSET 0
      ) found
      WHERE company_id = $1
    ), page AS (
      SELECT id, sort_name FROM matches WHERE ${keyset}
       ORDER BY sort_name, id LIMIT $${params.length - 1} OFFSET $${params.length}
    )
    SELECT (SELECT count(*) FROM matches)::int AS total_count, ${customerColumns('c')}, page.sort_name
      FROM (SELECT) AS always
      LEFT JOIN (page JOIN customers c ON c.id = page.id) ON true
     ORDER BY page.sort_name, page.id`;
  const { rows } = await db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    return tx.query<CountedRow>(sql, params);
  });
  return {
    rows: rows.filter((row): row is CountedRow & ListRow => row.id !== null),
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}

/** A cursor that names only its row: where that row sorts (gone since → the list must reload). */
async function sortNameOf(db: Queryable, companyId: string, id: string): Promise<string> {
  const { rows } = await db.query<{ sort_name: string }>(
    'SELECT sort_name FROM customers WHERE company_id = $1 AND id = $2',
    [companyId, id],
  );
  const row = rows[0];
  if (!row) throw invalidCursor();
  return row.sort_name;
}
