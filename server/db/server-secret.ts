import type { Queryable } from './types';

/**
 * The secret called `name` in server_secrets, stored as `fresh` the first time it is asked for.
 * Every instance (and the next restart) gets the same value: whichever inserts first wins, the
 * others read its value.
 */
export async function loadServerSecret(db: Queryable, name: string, fresh: () => string): Promise<string> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    fresh(),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    name,
  ]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`the server secret ${name} could not be stored`);
  return value;
}
