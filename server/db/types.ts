/**
 * The one database interface the server codes against. PGlite (embedded) and node-postgres
 * (a real server) both implement it, so every module, migration and test runs on both.
 */
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * PostgreSQL: run it as a named prepared statement, parsed and planned once per pooled connection
   * (PostgreSQL reuses its generic plan after five custom ones if that plan is no dearer). Only for
   * hot reads whose text is the same on every call, values all bound ($n), and whose generic plan
   * was checked with EXPLAIN. PGlite runs it as any query.
   */
  prepared?: boolean;
}

export interface Queryable {
  /** Parameterised query ($1, $2…). Never interpolate values into `sql`. */
  query<T extends Row = Row>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. With `ownCommits`, a
   * notification sent by a transaction of this process reaches `onPayload` before that
   * transaction's COMMIT resolves (PostgreSQL: every pooled connection listens too, and a session
   * gets its own notifications ahead of its ReadyForQuery); others' arrive as soon as they commit.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    options?: { ownCommits?: boolean },
  ): Promise<() => Promise<void>>;
  /** NOTIFY through pg_notify, so the payload is a bound parameter. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}
