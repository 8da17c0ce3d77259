import type { Db, Queryable } from '../../server/db/types';

/** A bound value as an SQL literal of unknown type (PostgreSQL casts it to the parameter's type). */
function literal(value: unknown): string {
  return value === null || value === undefined ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * PostgreSQL: the generic plan of a prepared statement, as EXPLAIN prints it: the plan that every
 * later call may reuse, made without the values (`$1` where a custom plan shows the company's id).
 */
export async function genericPlan(db: Db, sql: string, params: unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE generic_plan AS ${sql}`);
    try {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE generic_plan(${params.map(literal).join(', ')})`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await tx.query('DEALLOCATE generic_plan');
    }
  });
}

export interface SentStatement {
  sql: string;
  params: unknown[];
}

/** The statements `read` sends through `db` as prepared ones (query option `prepared`), in order. */
export async function preparedStatementsOf(
  db: Db,
  read: (q: Queryable) => Promise<unknown>,
): Promise<SentStatement[]> {
  const statements: SentStatement[] = [];
  await read({
    query: (sql, params = [], options) => {
      if (options?.prepared) statements.push({ sql, params });
      return db.query(sql, params, options);
    },
  });
  return statements;
}
