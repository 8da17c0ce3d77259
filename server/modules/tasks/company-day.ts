import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

/**
 * "Today" in the company's time zone (companies.timezone, America/Sao_Paulo by default) as a CTE
 * named `company_day` with `starts` and `ends` (timestamptz): the local midnight that began today and
 * the next one. `$1` is the company id. The database's now() is the one clock every filter reads.
 */
export const COMPANY_DAY_CTE = `company_day AS (
  SELECT date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone AS starts,
         (date_trunc('day', now() AT TIME ZONE timezone) + interval '1 day') AT TIME ZONE timezone AS ends
    FROM companies WHERE id = $1
)`;

/**
 * The same day as values, for queries that should be planned knowing them (a page of today's tasks
 * reads the index in order only when the planner sees how many tasks the day holds). Null when the
 * company does not exist.
 */
export async function companyDay(
  q: Queryable,
  companyId: string,
): Promise<{ starts: Timestamp; ends: Timestamp } | null> {
  const { rows } = await q.query<{ starts: Timestamp; ends: Timestamp }>(
    `WITH ${COMPANY_DAY_CTE} SELECT starts, ends FROM company_day`,
    [companyId],
  );
  return rows[0] ?? null;
}
