import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from './db';
import { startTestServer, type TestServer } from './server';
import { startedInBeforeAll } from './started-in-before-all';

export interface TwoInstances {
  /** The first instance, on `firstDb`. */
  readonly first: TestServer;
  /** The second instance, on a pool of its own over the same database. */
  readonly second: TestServer;
  /** The first instance's database (its pool): listening on it hears what reaches the first instance. */
  readonly firstDb: Db;
}

/**
 * Two instances of the server on one PostgreSQL database, each with its own pool, started before
 * the describe's tests and closed after: what one writes must reach the other through NOTIFY.
 */
export function withTwoInstances(): TwoInstances {
  let testDb: TestDb | undefined;
  let other: Db | undefined;
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  beforeAll(async () => {
    testDb = await openTestDb();
    other = await testDb.openAnother();
    first = await startTestServer({ db: testDb.db });
    second = await startTestServer({ db: other });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await testDb?.close();
  });
  const started = startedInBeforeAll('withTwoInstances');
  return {
    get first() {
      return started(first);
    },
    get second() {
      return started(second);
    },
    get firstDb() {
      return started(testDb).db;
    },
  };
}
