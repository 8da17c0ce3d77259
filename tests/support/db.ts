import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open';
import type { Db, QueryOptions, Row } from '../../server/db/types';

/**
 * A database of its own for one test file: a fresh PGlite, or, when DATABASE_URL is set, a fresh
 * schema on that PostgreSQL server (dropped by `close`). Migrated unless asked not to.
 */
export interface TestDb {
  db: Db;
  kind: Db['kind'];
  /** Another connection (pool) on the same database and schema; PGlite has only the one. */
  openAnother(): Promise<Db>;
  close(): Promise<void>;
}

export async function openTestDb({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const folder = url ? undefined : await freshPgliteFolder();
  const open = () => openDatabase({ url, schema, dataDir: folder ? join(folder, 'pgdata') : 'memory://' });
  const db = await open();
  const others: Db[] = [];

  const testDb: TestDb = {
    db,
    kind: db.kind,
    async openAnother() {
      if (!url) return db;
      const other = await open();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  };
  if (migrated) {
    try {
      await migrate(db);
    } catch (err) {
      // Drop the schema or folder made for this file before reporting the failure.
      await testDb.close();
      throw err;
    }
  }
  return testDb;
}

/*
 * PGlite spends most of its start-up in initdb (seconds, tens of seconds on a busy machine). A copy
 * of an initialised, empty cluster starts in about one, so every test run makes that cluster once
 * (per PGlite version) and each test file starts from a copy of it.
 */
let template: Promise<string> | undefined;

async function freshPgliteFolder(): Promise<string> {
  template ??= pgliteTemplate();
  const folder = await mkdtemp(join(tmpdir(), 'fechai-test-db-'));
  await cp(await template, join(folder, 'pgdata'), { recursive: true });
  return folder;
}

async function pgliteTemplate(): Promise<string> {
  const manifest = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const path = join(tmpdir(), `fechai-pglite-template-${version}`);
  if (
    await readFile(join(path, 'PG_VERSION')).then(
      () => true,
      () => false,
    )
  ) {
    return path;
  }
  // Built aside and renamed into place, so a half-built template is never seen, even by another
  // test worker building one at the same time (the loser throws its copy away).
  const build = await mkdtemp(join(tmpdir(), 'fechai-pglite-build-'));
  const db = await openDatabase({ dataDir: join(build, 'pgdata') });
  await db.close();
  await rename(join(build, 'pgdata'), path).catch(() => {});
  await rm(build, { recursive: true, force: true });
  return path;
}

/** Polls `check` until it returns something truthy; fails after `timeoutMs`, never waits blindly. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The usual set-up of a test file that needs a database: opens one in beforeAll, closes it in
 * afterAll, and hands back a TestDb that forwards to it (usable in tests, not at import time).
 */
export function withTestDb(): TestDb {
  let opened: TestDb | undefined;
  beforeAll(async () => {
    opened = await openTestDb();
  });
  afterAll(() => opened?.close());
  const current = (): TestDb => {
    if (!opened) throw new Error('withTestDb: the database opens in beforeAll; use it inside tests');
    return opened;
  };
  const db: Db = {
    get kind() {
      return current().db.kind;
    },
    query<T extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions) {
      return current().db.query<T>(sql, params, options);
    },
    transaction: (fn) => current().db.transaction(fn),
    listen: (channel, onPayload) => current().db.listen(channel, onPayload),
    notify: (channel, payload) => current().db.notify(channel, payload),
    close: () => current().db.close(),
  };
  return {
    db,
    get kind() {
      return current().kind;
    },
    openAnother: () => current().openAnother(),
    close: () => current().close(),
  };
}
