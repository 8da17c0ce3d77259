import { describe, expect, it } from 'vitest';
import { enqueue } from '../../server/jobs/enqueue';
import { periodKey, startSchedule } from '../../server/jobs/schedule';
import { startWorker } from '../../server/jobs/worker';
import { PRUNE_JOB, prune, pruneHandler, RETENTION } from '../../server/modules/maintenance/prune';
import { withTestDb } from '../support/db';

const t = withTestDb();
const db = t.db;

/** A job in a given state that finished `daysAgo` days ago (or was created then, if unfinished). */
async function jobFinished(kind: string, status: 'queued' | 'succeeded' | 'failed', daysAgo: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO jobs (kind, status, created_at, finished_at)
     VALUES ($1, $2, now() - make_interval(days => $3),
             CASE WHEN $2 = 'queued' THEN NULL ELSE now() - make_interval(days => $3) END)
     RETURNING id`,
    [kind, status, daysAgo],
  );
  return rows[0]!.id;
}

async function clientError(daysAgo: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO client_errors (message, url, created_at) VALUES ('boom', 'http://x/home', now() - make_interval(days => $1))
     RETURNING id`,
    [daysAgo],
  );
  return rows[0]!.id;
}

const exists = async (table: 'jobs' | 'client_errors', id: string) =>
  (await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rows.length === 1;

describe('pruning old rows', () => {
  it('deletes what outlived its retention and keeps everything else, queued jobs above all', async () => {
    const oldSucceeded = await jobFinished('test.prune', 'succeeded', RETENTION.succeededJobsDays + 1);
    const recentSucceeded = await jobFinished('test.prune', 'succeeded', RETENTION.succeededJobsDays - 1);
    const oldFailed = await jobFinished('test.prune', 'failed', RETENTION.failedJobsDays + 1);
    const recentFailed = await jobFinished('test.prune', 'failed', RETENTION.succeededJobsDays + 1);
    const oldQueued = await jobFinished('test.prune', 'queued', 400);
    const oldError = await clientError(RETENTION.clientErrorsDays + 1);
    const recentError = await clientError(1);
    await db.query(
      `INSERT INTO rate_limit_hits (key, count, reset_at) VALUES
         ('GET /api/x|old', 3, now() - interval '1 second'), ('GET /api/x|live', 3, now() + interval '1 minute')`,
    );

    expect(await prune(db)).toEqual({ succeededJobs: 1, failedJobs: 1, clientErrors: 1, rateLimits: 1 });

    expect(await exists('jobs', oldSucceeded)).toBe(false);
    expect(await exists('jobs', oldFailed)).toBe(false);
    expect(await exists('client_errors', oldError)).toBe(false);
    expect(await exists('jobs', recentSucceeded)).toBe(true);
    expect(await exists('jobs', recentFailed)).toBe(true);
    expect(await exists('jobs', oldQueued)).toBe(true);
    expect(await exists('client_errors', recentError)).toBe(true);
    const counters = await db.query<{ key: string }>('SELECT key FROM rate_limit_hits');
    expect(counters.rows.map((r) => r.key)).toEqual(['GET /api/x|live']);

    // Idempotent: nothing more to delete.
    expect(await prune(db)).toEqual({ succeededJobs: 0, failedJobs: 0, clientErrors: 0, rateLimits: 0 });
  });

  it('runs as a job through the worker', async () => {
    const stale = await clientError(RETENTION.clientErrorsDays + 5);
    const { job } = await enqueue(db, { kind: PRUNE_JOB, idempotencyKey: 'test:prune-through-worker' });
    const worker = await startWorker({ db, handlers: { [PRUNE_JOB]: pruneHandler }, pollMs: 50 });
    try {
      await expect
        .poll(
          async () =>
            (await db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job.id])).rows[0]
              ?.status,
          { timeout: 15_000, interval: 50 },
        )
        .toBe('succeeded');
    } finally {
      await worker.stop();
    }
    expect(await exists('client_errors', stale)).toBe(false);
  });
});

describe('recurring jobs', () => {
  const job = { kind: 'test.recurring', everyMs: 60 * 60 * 1000 };
  const count = async (kind: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE kind = $1', [kind])).rows[0]!.n;

  it('enqueues one job per period, however many instances run the schedule', async () => {
    const at = Date.UTC(2026, 10, 21, 10, 15);
    const instances = [1, 2, 3].map(() => startSchedule(db, [job], { now: () => at }));
    await Promise.all(instances.map((s) => s.stop()));
    expect(await count(job.kind)).toBe(1);

    // A later moment in the same hour: still one. The next hour: a second.
    await startSchedule(db, [job], { now: () => at + 30 * 60 * 1000 }).stop();
    expect(await count(job.kind)).toBe(1);
    await startSchedule(db, [job], { now: () => at + 60 * 60 * 1000 }).stop();
    expect(await count(job.kind)).toBe(2);
    const keys = (
      await db.query<{ idempotency_key: string }>(
        'SELECT idempotency_key FROM jobs WHERE kind = $1 ORDER BY idempotency_key',
        [job.kind],
      )
    ).rows.map((r) => r.idempotency_key);
    expect(keys).toEqual([periodKey(job, at), periodKey(job, at + 60 * 60 * 1000)].sort());
  });
});
