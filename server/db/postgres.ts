import pg from 'pg';
import { isStalePreparedStatement, preparedStatementNames } from './prepared-statements';
import { isoTimestamp, TIMESTAMPTZ_OID } from './timestamp';
import type { Db, Queryable, QueryOptions, Row } from './types';

/** timestamptz as the API's text (./timestamp.ts); every other type as node-postgres reads it. */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary' ? isoTimestamp : pg.types.getTypeParser(oid, format),
};

/** Back-off between attempts to reopen the LISTEN connection. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface PostgresOptions {
  url: string;
  /** A schema to work in (created if missing); tests use one per file to stay apart. */
  schema?: string;
  max?: number;
}

/**
 * node-postgres lets a URL's own `options` replace the ones it is given, so a DATABASE_URL with
 * `?options=-c statement_timeout=5000` would drop UTC sessions. Both are kept: the URL's first,
 * ours after them (of two `-c` of one setting, the last wins).
 */
export function withSessionOptions(url: string, ours: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: ours };
  }
  const theirs = parsed.searchParams.get('options');
  if (theirs === null) return { connectionString: url, options: ours };
  const rest = [...parsed.searchParams]
    .filter(([name]) => name !== 'options')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  parsed.search = rest ? `?${rest}` : '';
  return { connectionString: parsed.toString(), options: `${theirs} ${ours}` };
}

export async function openPostgres({ url, schema, max = 10 }: PostgresOptions): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  // UTC sessions: timestamptz is written "+00", the form isoTimestamp reads without a Date.
  const ours = `-c TimeZone=UTC${schema ? ` -c search_path=${schema},public` : ''}`;
  const session = withSessionOptions(url, ours);
  const pool = new pg.Pool({ ...session, max, types });
  // An idle client that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  const nameOf = preparedStatementNames();
  const statement = (text: string, values: unknown[], options?: QueryOptions): pg.QueryConfig => {
    const name = options?.prepared ? nameOf(text) : undefined;
    return name === undefined ? { text, values } : { name, text, values };
  };

  // In a transaction a stale prepared statement (isStalePreparedStatement) fails it: the caller's
  // retry, if any, runs on another connection.
  const wrap = (c: pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const res = await c.query(statement(sql, params, options));
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
  });

  // LISTEN needs one long-lived connection of its own, shared by every listener. If it drops (a
  // server restart, a network cut) it is opened again and every channel listened to anew;
  // notifications sent while it was down are lost, as with any LISTEN.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  let listener: Promise<pg.Client> | undefined;
  // Channels every pooled connection LISTENs on too (listen's ownCommits), and the connections that do.
  const onEveryConnection = new Set<string>();
  const listeningConnections = new WeakMap<pg.PoolClient, Set<string>>();
  const dispatch = (msg: pg.Notification) => {
    for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
  };
  /** A pooled connection that listens on every `ownCommits` channel before it runs anything. */
  async function connect(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    if (onEveryConnection.size === 0) return client;
    let channels = listeningConnections.get(client);
    if (!channels) {
      channels = new Set();
      listeningConnections.set(client, channels);
      client.on('notification', dispatch);
    }
    try {
      for (const channel of onEveryConnection) {
        if (channels.has(channel)) continue;
        await client.query(`LISTEN ${quote(channel)}`);
        channels.add(channel);
      }
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  }

  async function pooledQuery(config: pg.QueryConfig): Promise<pg.QueryResult> {
    const client = await connect();
    try {
      const res = await client.query(config);
      client.release();
      return res;
    } catch (err) {
      // As pool.query does: a connection that failed a statement is not handed out again.
      client.release(err as Error);
      throw err;
    }
  }

  let closing = false;
  let retryMs = RECONNECT_MIN_MS;

  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener().catch((err: unknown) => {
      listener = undefined;
      throw err;
    });
    return listener;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ ...session, types });
    client.on('notification', dispatch);
    let lost = false;
    const onLost = () => {
      if (lost || closing) return;
      lost = true;
      listener = undefined;
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    retryMs = RECONNECT_MIN_MS;
    return client;
  }

  function scheduleReconnect() {
    if (closing || handlers.size === 0) return;
    const timer = setTimeout(() => {
      listenerClient().catch(() => {
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    timer.unref();
  }

  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      let res: pg.QueryResult;
      try {
        res = await pooledQuery(statement(sql, params, options));
      } catch (err) {
        // A migration changed what a prepared statement returns: the same text unnamed, once.
        if (!options?.prepared || !isStalePreparedStatement(err)) throw err;
        res = await pooledQuery({ text: sql, values: params });
      }
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
    async transaction(fn) {
      const client = await connect();
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        await client.query('BEGIN');
        result = await fn(wrap(client));
        await client.query('COMMIT');
      } catch (err) {
        // A connection that cannot even roll back is broken: the pool must not hand it out again.
        const broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollbackError: unknown) => rollbackError as Error,
        );
        client.release(broken);
        throw err;
      }
      client.release();
      return result;
    },
    async listen(channel, onPayload, options) {
      if (options?.ownCommits) onEveryConnection.add(channel);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await listenerClient()).query(`LISTEN ${quote(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await listener?.then((client) => client.query(`UNLISTEN ${quote(channel)}`)).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closing = true;
      await listener?.then((client) => client.end()).catch(() => {});
      await pool.end();
    },
  };
}
