import pg from 'pg';
import type { Db, Queryable, Row } from './types';

export interface PostgresOptions {
  url: string;
  /** A schema to work in (created if missing); tests use one per file to stay apart. */
  schema?: string;
  max?: number;
}

export async function openPostgres({ url, schema, max = 10 }: PostgresOptions): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const options = schema ? `-c search_path=${schema},public` : undefined;
  const pool = new pg.Pool({ connectionString: url, max, options });
  // An idle client that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  const wrap = (c: { query: pg.Pool['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await c.query(sql, params);
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
  });

  // LISTEN needs one long-lived connection of its own, shared by every listener.
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url, options });
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    client.on('error', () => {});
    await client.connect();
    listener = client;
    return client;
  }

  return {
    kind: 'postgres',
    query: wrap(pool).query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
