import type { Queryable } from '../../db/types';

const FALLBACK_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The company's time zone (America/Sao_Paulo unless it set another the database knows) and today's
 * date there (AAAA-MM-DD), as exported files are named.
 */
export async function companyToday(
  db: Queryable,
  companyId: string,
): Promise<{ timeZone: string; today: string }> {
  const { rows } = await db.query<{ time_zone: string; today: string }>(
    `WITH zone AS (
       SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = c.timezone)
                   THEN c.timezone ELSE $2 END AS name
         FROM companies c WHERE c.id = $1
     )
     SELECT zone.name AS time_zone, to_char(now() AT TIME ZONE zone.name, 'YYYY-MM-DD') AS today FROM zone`,
    [companyId, FALLBACK_TIME_ZONE],
  );
  return {
    timeZone: rows[0]?.time_zone ?? FALLBACK_TIME_ZONE,
    today: rows[0]?.today ?? new Date().toISOString().slice(0, 10),
  };
}
