import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, Row } from './types';

/** `dataDir` is a folder (persisted) or `memory://` (gone when the process ends). */
export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the customer search's trigram index (migration 008).
  const pg = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm } });

  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params as never[]);
      // PGlite reports affectedRows 0 for a SELECT; a statement that returns rows counts them, as pg does.
      const rowCount = res.fields.length > 0 ? res.rows.length : (res.affectedRows ?? 0);
      return { rows: res.rows, rowCount };
    },
  });
  const base = wrap(pg);

  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return () => stop();
    },
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => pg.close(),
  };
}
