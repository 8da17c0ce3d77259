import type { CustomersPage, ListCustomersQuery } from '../../../contracts/customers';
import type { Db, Queryable } from '../../db/types';
import { invalidCursor, keysetPage } from '../../http/keyset-cursor';
import { type CustomerRow, customerColumns, toCustomer } from './customer-row';
import { type CustomerSearch, customerSearch } from './customer-search';
import { decodeListCursor, encodeListCursor } from './list-cursor';

type ListRow = CustomerRow & { sort_name: string };
type CountedRow = { total_count: number } & { [K in keyof ListRow]: ListRow[K] | null };

interface ListPage {
  rows: ListRow[];
  totalCount: number;
  totalCountExact: boolean;
}

/**
 * A search counts its matches exactly up to this many; past it the list says "mais de 1.000" (the
 * count of 5,000 matches on every keystroke would cost more than their first page).
 */
export const SEARCH_COUNT_BOUND = 1_000;

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
  const { rows, totalCount, totalCountExact } = search
    ? await searchPage(db, companyId, search, window, SEARCH_COUNT_BOUND)
    : await everyonePage(db, companyId, window);

  const page = keysetPage(rows, query.limit, (last) => encodeListCursor(last.sort_name, last.id));
  return {
    customers: page.rows.map(toCustomer),
    totalCount,
    totalCountExact,
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}

/**
 * No search: walk the name index; the count is the one the triggers keep (not 100,000 rows counted).
 * Not prepared: among many small companies a generic plan reads the company's customers by its id
 * index and sorts them, which a company with 100,000 customers must never do on every page.
 */
async function everyonePage(db: Queryable, companyId: string, window: PageWindow): Promise<ListPage> {
  const params: unknown[] = [companyId];
  let keyset = '';
  if (window.after) {
    params.push(window.after.sortName, window.after.id);
    keyset = 'AND (sort_name, id) > ($2, $3::uuid)';
  }
  params.push(window.limit, window.offset);
  // The count beside the page, in the same statement; its one row even when the page is empty.
  const { rows } = await db.query<CountedRow>(
    `SELECT coalesce((SELECT total FROM customer_counts WHERE company_id = $1), 0) AS total_count, page.*
       FROM (SELECT) AS always
       LEFT JOIN (
         SELECT ${customerColumns()}, sort_name FROM customers
          WHERE company_id = $1 ${keyset}
          ORDER BY sort_name, id
          LIMIT $${params.length - 1} OFFSET $${params.length}
       ) page ON true
      ORDER BY page.sort_name, page.id`,
    params,
  );
  return { rows: pageRows(rows), totalCount: Number(rows[0]?.total_count ?? 0), totalCountExact: true };
}

/**
 * A search, in one statement: customer_search_page (migration 036) finds the page from the search
 * index and counts the matches up to the bound; the page's customers are read beside it.
 */
async function searchPage(
  db: Db,
  companyId: string,
  search: CustomerSearch,
  window: PageWindow,
  countBound: number,
): Promise<ListPage> {
  const { rows } = await db.query<CountedRow>(
    `SELECT found.matches AS total_count, ${customerColumns('c')}, c.sort_name
       FROM customer_search_page($1, $2, $3, $4, $5::uuid, $6, $7, $8, $9) AS found
       -- Row by row by its key: without statistics (PGlite) a join would hash the whole company.
       LEFT JOIN LATERAL (SELECT * FROM customers WHERE id = found.id AND company_id = $1 LIMIT 1) c ON true
      ORDER BY found.sort_name COLLATE "C", found.id`,
    [
      companyId,
      search.pattern,
      search.trigrams ? null : search.needle,
      window.after?.sortName ?? null,
      window.after?.id ?? null,
      window.limit,
      window.offset,
      countBound,
      // PGlite has no statistics to weigh the company's index with: the search index first.
      db.kind !== 'pglite',
    ],
  );
  const matches = Number(rows[0]?.total_count ?? 0);
  return {
    rows: pageRows(rows),
    totalCount: Math.min(matches, countBound),
    totalCountExact: matches <= countBound,
  };
}

/** The page's rows without the row that only carries the count of an empty page. */
function pageRows(rows: CountedRow[]): ListRow[] {
  return rows.filter((row): row is CountedRow & ListRow => row.id !== null);
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
