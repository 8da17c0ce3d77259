import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from './db';

export interface TestServerOptions {
  /** Extra environment for loadConfig (the process environment is not read). */
  env?: Record<string, string>;
  /** Serve this folder as the built client; by default no client is served. */
  clientDist?: string;
  /** Adds routes or hooks before the app is sealed. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Told of every route as the app adds it. */
  onRoute?: BuildAppOptions['onRoute'];
  /**
   * Run on this database (already migrated) instead of a fresh one, to stand up several instances on
   * one database; the caller opened it and closes it, `close()` leaves it open.
   */
  db?: Db;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The real server on a database of its own (in-memory PGlite, or a fresh schema on DATABASE_URL's
 * PostgreSQL, dropped on close) or on `options.db`, migrated, logs off, listening on a free port of
 * 127.0.0.1.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = options.db ? borrowed(options.db) : await openTestDb();
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      JOBS_ENABLED: '0',
      ...(options.clientDist && { CLIENT_DIST: options.clientDist }),
      ...options.env,
    });
    app = await buildApp({
      config,
      db: testDb.db,
      logger: false,
      serveClient: options.clientDist !== undefined,
      ...(options.configure && { configure: options.configure }),
      ...(options.onRoute && { onRoute: options.onRoute }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const started = app;
    return {
      url: `http://127.0.0.1:${port}`,
      app: started,
      db: testDb.db,
      async close() {
        await started.close();
        await testDb.close();
      },
    };
  } catch (err) {
    await app?.close();
    await testDb.close();
    throw err;
  }
}

/** A database the caller owns: used as is, never closed here. */
function borrowed(db: Db): Pick<TestDb, 'db' | 'close'> {
  return { db, close: async () => {} };
}
