import type { CustomersPage, ListCustomersQuery } from '../../../contracts/customers';
import type { Db, Queryable } from '../../db/types';
import { invalidCursor, keysetPage } from '../../http/keyset-cursor';
import { type CustomerRow, customerColumns, toCustomer } from './customer-row';
import { customerSearch, type SubstringSearch, type WordStartSearch } from './customer-search';
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
  const { rows, totalCount, totalCountExact } = !search
    ? await everyonePage(db, companyId, window)
    : search.kind === 'word-start'
      ? await wordStartPage(db, companyId, search, window, SEARCH_COUNT_BOUND)
      : await substringPage(db, companyId, search, window, SEARCH_COUNT_BOUND);

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
 * A name or e-mail search, in one statement: customer_word_search_page (migration 042) walks the
 * word starts under the term's key in the list's order, so the page is the first matches after the
 * cursor and the count stops past its bound, however many match; the page's customers beside it.
 */
function wordStartPage(
  db: Queryable,
  companyId: string,
  search: WordStartSearch,
  window: PageWindow,
  countBound: number,
): Promise<ListPage> {
  return functionPage(
    db,
    'customer_word_search_page($1, $2, $3, $4, $5::uuid, $6, $7, $8)',
    [
      companyId,
      search.key,
      search.key === search.prefix ? null : search.pattern,
      window.after?.sortName ?? null,
      window.after?.id ?? null,
      window.limit,
      window.offset,
      countBound,
    ],
    countBound,
  );
}

/**
 * A phone search (or a term with no word to start, as "@g"), in one statement: customer_search_page
 * (migration 036) finds the page from the search index and counts the matches up to the bound; the
 * page's customers beside it.
 */
function substringPage(
  db: Db,
  companyId: string,
  search: SubstringSearch,
  window: PageWindow,
  countBound: number,
): Promise<ListPage> {
  return functionPage(
    db,
    'customer_search_page($1, $2, $3, $4, $5::uuid, $6, $7, $8, $9)',
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
    countBound,
  );
}

/**
 * The page a search function answers (its count, then its rows' ids and sort names) with the
 * customers read beside it; `params` start with the company.
 */
async function functionPage(
  db: Queryable,
  call: string,
  params: unknown[],
  countBound: number,
): Promise<ListPage> {
  const { rows } = await db.query<CountedRow>(
    `SELECT found.matches AS total_count, ${customerColumns('c')}, c.sort_name
       FROM ${call} AS found
       -- Row by row by its key: without statistics (PGlite) a join would hash the whole company.
       LEFT JOIN LATERAL (SELECT * FROM customers WHERE id = found.id AND company_id = $1 LIMIT 1) c ON true
      ORDER BY found.sort_name COLLATE "C", found.id`,
    params,
  );
  // The statement counted one past the bound: exact up to it.
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
