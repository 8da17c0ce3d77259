/**
 * "Today" in the company's time zone (companies.timezone, America/Sao_Paulo by default): the local
 * midnight that began today and the next one, as company_midnight (migration 038) computes them.
 * `$1` is the company id. The database's now() is the one clock every filter reads.
 */
export const TODAY_STARTS = 'company_midnight($1, 0)';
export const TODAY_ENDS = 'company_midnight($1, 1)';

/**
 * The same day as a CTE named `company_day` with `starts` and `ends` (timestamptz), no row when the
 * company does not exist.
 *
 * A page of tasks compares due_at with TODAY_STARTS/TODAY_ENDS themselves, never with this CTE: the
 * planner computes those calls while planning, so it estimates how many tasks the day holds and
 * reads the index of pending tasks in order, a page stopping after its last row. Bounds it cannot
 * see (a join with the CTE, or its scalar subqueries) are planned blind, and a few thousand tasks
 * in the day then get collected and sorted.
 */
export const COMPANY_DAY_CTE = `company_day AS (
  SELECT ${TODAY_STARTS} AS starts, ${TODAY_ENDS} AS ends FROM companies WHERE id = $1
)`;
