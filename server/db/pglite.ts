import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { isoTimestamp, TIMESTAMPTZ_OID } from './timestamp';
import type { Db, Queryable, Row } from './types';

const TIMESTAMP = 1114;

/**
 * timestamptz as the API's text (./timestamp.ts), as on PostgreSQL. timestamp (no zone, no column
 * uses it) with node-postgres' parser: PGlite's own `new Date(text)` reads years 0–99 as 19xx.
 */
const parsers = {
  [TIMESTAMP]: pg.types.getTypeParser(TIMESTAMP),
  [TIMESTAMPTZ_OID]: isoTimestamp,
};

/** `dataDir` is a folder (persisted) or `memory://` (gone when the process ends). */
export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the customer search's trigram index (migration 008).
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm },
    parsers,
  });
  // UTC session, as on PostgreSQL: timestamptz is written "+00", the form isoTimestamp reads fast.
  await pglite.exec("SET TimeZone = 'UTC'");

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
