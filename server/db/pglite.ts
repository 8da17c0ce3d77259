import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Db, Queryable, Row } from './types';

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/**
 * PGlite reads timestamps with `new Date(text)`, whose fallback parser takes years 0–99 of
 * "0001-01-01 00:00:00+00" as 19xx/20xx (year 1 came back as 2001). node-postgres' parsers read
 * every year as written, so both databases hand back the same Date for the same row.
 */
const timestampParsers = {
  [TIMESTAMP]: pg.types.getTypeParser(TIMESTAMP),
  [TIMESTAMPTZ]: pg.types.getTypeParser(TIMESTAMPTZ),
};

/** `dataDir` is a folder (persisted) or `memory://` (gone when the process ends). */
export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the customer search's trigram index (migration 008).
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm },
    parsers: timestampParsers,
  });

  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params as never[]);
      // PGlite reports affectedRows 0 for a SELECT; a statement that returns rows counts them, as pg does.
      const rowCount = res.fields.length > 0 ? res.rows.length : (res.affectedRows ?? 0);
      return { rows: res.rows, rowCount };
    },
  });
  const base = wrap(pglite);

  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // One connection: a transaction's own notifications are delivered before its COMMIT resolves
    // (what `ownCommits` asks for) anyway.
    async listen(channel, onPayload) {
      const stop = await pglite.listen(channel, onPayload);
      return () => stop();
    },
    async notify(channel, payload) {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => pglite.close(),
  };
}
