import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailureEnvelope } from '../../contracts/envelope';
import type { Db, Row } from '../../server/db/types';
import { pruneRateLimits } from '../../server/http/rate-limit-store';
import { openTestDb, type TestDb, waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const reportTo = (target: TestServer) =>
  fetch(`${target.url}/api/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'boom', url: 'http://localhost/home' }),
  });
const report = () => reportTo(server);

it('limits client error reports to 30 a minute per address, in the envelope and in pt-BR', async () => {
  for (let i = 0; i < 30; i++) expect((await report()).status).toBe(202);

  const res = await report();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as FailureEnvelope;
  expect(body).toEqual({
    success: false,
    error: expect.stringMatching(/^Muitas requisições\. Tente novamente em \d+ segundos?\.$/),
    code: 'RATE_LIMITED',
    requestId: res.headers.get('x-request-id'),
  });

  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors');
  expect(rows[0]!.n).toBe(30);

  // Routes that do not opt in are not limited.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
});

/* Several instances behind a load balancer on one database: the limit is the database's, not a process's. */
describe('counters shared by every instance', () => {
  let shared: TestDb;
  let a: TestServer;
  let b: TestServer;

  /**
   * Routes of their own limits, the window one short enough to watch it reset, yet long enough for
   * its three hits to fall in it on a busy machine.
   */
  const limitedRoutes = (app: FastifyInstance) => {
    app.get('/api/test/burst', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({
      success: true,
    }));
    app.get('/api/test/window', { config: { rateLimit: { max: 2, timeWindow: 3000 } } }, async () => ({
      success: true,
    }));
  };

  beforeAll(async () => {
    shared = await openTestDb();
    a = await startTestServer({ db: shared.db, configure: limitedRoutes });
    // On PostgreSQL a pool of its own, as another instance would have; PGlite has only the one.
    b = await startTestServer({ db: await shared.openAnother(), configure: limitedRoutes });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  beforeEach(async () => {
    await shared.db.query('DELETE FROM rate_limit_hits');
    await shared.db.query('DELETE FROM client_errors');
  });

  const get = (server: TestServer, path: string) => fetch(`${server.url}${path}`);

  it('counts hits on either instance against one limit: after 30, the next on either is a 429', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await reportTo(i % 2 === 0 ? a : b);
      expect(res.status).toBe(202);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(29 - i));
    }
    for (const server of [a, b]) {
      const res = await reportTo(server);
      expect(res.status).toBe(429);
      expect(((await res.json()) as FailureEnvelope).code).toBe('RATE_LIMITED');
    }
    const { rows } = await shared.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors');
    expect(rows[0]!.n).toBe(30);
  });

  it('loses no hit when both instances are hit at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => reportTo(i % 2 === 0 ? a : b)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('keeps one counter per route: a route with its own limit neither consumes nor blocks another', async () => {
    expect((await get(a, '/api/test/burst')).status).toBe(200);
    expect((await get(b, '/api/test/burst')).status).toBe(200);
    expect((await get(a, '/api/test/burst')).status).toBe(429);

    const report = await reportTo(b);
    expect(report.status).toBe(202);
    expect(report.headers.get('x-ratelimit-limit')).toBe('30');
    expect(report.headers.get('x-ratelimit-remaining')).toBe('29');

    const window = await get(a, '/api/test/window');
    expect(window.status).toBe(200);
    expect(window.headers.get('x-ratelimit-remaining')).toBe('1');

    const { rows } = await shared.db.query<{ key: string; count: number }>(
      'SELECT key, count FROM rate_limit_hits ORDER BY key',
    );
    expect(rows).toEqual([
      { key: 'GET /api/test/burst|127.0.0.1', count: 3 },
      { key: 'GET /api/test/window|127.0.0.1', count: 1 },
      { key: 'POST /api/client-errors|127.0.0.1', count: 1 },
    ]);
  });

  it("starts a new window once the route's own window has passed", async () => {
    expect((await get(a, '/api/test/window')).status).toBe(200);
    expect((await get(b, '/api/test/window')).status).toBe(200);
    const limited = await get(a, '/api/test/window');
    expect(limited.status).toBe(429);
    // What is left of the window, in whole seconds: how much depends on how fast the hits came.
    expect(['1', '2', '3']).toContain(limited.headers.get('retry-after'));

    const reset = await waitFor(
      async () => {
        const res = await get(b, '/api/test/window');
        return res.status === 200 ? res : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: 'the 3-second window to pass' },
    );
    // Counting started over: the first hit of the new window, with the whole window ahead of it.
    expect(reset.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(reset.headers.get('x-ratelimit-reset')).toBe('3');
  });

  it('prunes expired counters only', async () => {
    await shared.db.query(
      `INSERT INTO rate_limit_hits (key, count, reset_at) VALUES
         ('expired', 5, now() - interval '1 second'),
         ('expiring', 1, now()),
         ('live', 2, now() + interval '1 minute')`,
    );
    expect(await pruneRateLimits(shared.db)).toBe(2);
    const { rows } = await shared.db.query<{ key: string }>('SELECT key FROM rate_limit_hits');
    expect(rows).toEqual([{ key: 'live' }]);
  });

  it('lets requests through, with a warning, when the counters cannot be read', async () => {
    const broken = await startTestServer({ db: failingRateLimits(shared.db) });
    try {
      const warn = vi.spyOn(broken.app.log, 'warn');
      for (let i = 0; i < 35; i++) expect((await reportTo(broken)).status).toBe(202);
      expect(warn).toHaveBeenCalledTimes(35);
      expect(warn).toHaveBeenLastCalledWith(
        expect.objectContaining({ rateLimitKey: 'POST /api/client-errors|127.0.0.1' }),
        'rate limit store failed; request let through',
      );
    } finally {
      await broken.close();
    }
    const { rows } = await shared.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors');
    expect(rows[0]!.n).toBe(35);
  });

  it('refuses a route asking for a policy the shared counters do not implement', async () => {
    const attempt = startTestServer({
      db: shared.db,
      configure(app) {
        app.get(
          '/api/test/sliding',
          { config: { rateLimit: { max: 2, continueExceeding: true } } },
          async () => ({
            success: true,
          }),
        );
      },
    });
    await expect(attempt).rejects.toThrow(/continueExceeding/);
  });
});

/** The same database, except that every statement on the counters fails (as in an outage). */
function failingRateLimits(db: Db): Db {
  return {
    kind: db.kind,
    query: <T extends Row>(sql: string, params?: unknown[]) =>
      sql.includes('rate_limit_hits')
        ? Promise.reject(new Error('Connection terminated unexpectedly'))
        : db.query<T>(sql, params),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
}
