import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number: all instances agree on it, so only one migrates at a time.
const MIGRATION_LOCK = 724_310_001;

/**
 * Applies the pending `migrations/NNN_name.sql` in order, all in one transaction (a failure leaves
 * the database as it was), recording each in schema_migrations. Safe when several instances start
 * together (advisory lock).
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(`${dir}/${file}`, 'utf8');
      await execScript(tx, sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Runs a multi-statement script one statement at a time (extended protocol takes one). */
async function execScript(tx: { query: Db['query'] }, sql: string) {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

/** Splits on `;` at line ends, outside dollar-quoted bodies. Migrations keep to that style. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += `${line}\n`;
    if (!inDollar && /;\s*$/.test(line)) {
      const stmt = current.trim().replace(/;$/, '').trim();
      if (stmt) out.push(stmt);
      current = '';
    }
  }
  const rest = current.trim();
  if (rest) out.push(rest);
  return out;
}
