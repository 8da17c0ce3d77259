import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { retryDelayMs } from '../../server/jobs/backoff';
import { claim } from '../../server/jobs/claim';
import { enqueue } from '../../server/jobs/enqueue';
import type { Job } from '../../server/jobs/job';
import { complete, fail } from '../../server/jobs/settle';
import { withTestDb } from '../support/db';

const t = withTestDb();
const db = t.db;

/** Each test works on kinds of its own, so tests never claim each other's jobs. */
const newKind = () => `test.${randomBytes(4).toString('hex')}`;

async function jobRow(id: string) {
  const { rows } = await db.query<{ status: string; run_at: string; updated_at: string; attempts: number }>(
    'SELECT * FROM jobs WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

/** Stands in for the clock: makes a queued job due, or a lease run out, now. */
const makeDue = (id: string) => db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
const expireLease = (id: string) =>
  db.query("UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1", [id]);

describe('enqueue', () => {
  it('queues a job with its payload', async () => {
    const kind = newKind();
    const { job, created } = await enqueue(db, { kind, payload: { messageId: 'm1', texto: 'olá' } });
    expect(created).toBe(true);
    expect(job).toMatchObject({
      kind,
      status: 'queued',
      attempts: 0,
      maxAttempts: 5,
      companyId: null,
      payload: { messageId: 'm1', texto: 'olá' },
      idempotencyKey: null,
    });
    expect(job.runAt).toBeInstanceOf(Date);
  });

  it('returns the existing job for a repeated idempotency key', async () => {
    const kind = newKind();
    const key = `${kind}:k1`;
    const first = await enqueue(db, { kind, payload: { n: 1 }, idempotencyKey: key });
    const second = await enqueue(db, { kind, payload: { n: 2 }, idempotencyKey: key });
    expect(second.created).toBe(false);
    expect(second.job.id).toBe(first.job.id);
    expect(second.job.payload).toEqual({ n: 1 });
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => enqueue(db, { kind, idempotencyKey: `${kind}:k2` })),
    );
    expect(new Set(racing.map((r) => r.job.id)).size).toBe(1);
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    const { rows } = await db.query('SELECT id FROM jobs WHERE kind = $1', [kind]);
    expect(rows).toHaveLength(2);
  });

  it('refuses a key already used by another kind', async () => {
    const key = `${newKind()}:shared`;
    await enqueue(db, { kind: newKind(), idempotencyKey: key });
    await expect(enqueue(db, { kind: newKind(), idempotencyKey: key })).rejects.toThrow(/already belongs/);
  });

  it("commits and rolls back with the caller's transaction", async () => {
    const kind = newKind();
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind, payload: { n: 1 } });
        throw new Error('the command failed');
      }),
    ).rejects.toThrow('the command failed');
    expect((await db.query('SELECT id FROM jobs WHERE kind = $1', [kind])).rows).toHaveLength(0);

    const job = await db.transaction(
      async (tx) => (await enqueue(tx, { kind, idempotencyKey: `${kind}:1` })).job,
    );
    expect((await jobRow(job.id)).status).toBe('queued');
  });
});

describe('claim', () => {
  it('takes due jobs of its kinds, leases them and counts the attempt', async () => {
    const kind = newKind();
    const other = newKind();
    const { job: due } = await enqueue(db, { kind });
    await enqueue(db, { kind, runAt: new Date(Date.now() + 60 * 60_000) });
    await enqueue(db, { kind: other });

    const claimed = await claim(db, 'w1', [kind], 10, { leaseMs: 60_000 });
    expect(claimed.map((j) => j.id)).toEqual([due.id]);
    const [job] = claimed as [Job];
    expect(job).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'w1' });
    expect(job.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await claim(db, 'w2', [kind], 10)).toEqual([]);
  });

  it('never gives one job to two concurrent claimers', async () => {
    const kind = newKind();
    const total = 40;
    for (let i = 0; i < total; i++) await enqueue(db, { kind, payload: { i } });
    // On PostgreSQL: two pools on the same schema. PGlite has a single connection to share.
    const other = await t.openAnother();

    async function drain(on: Db, workerId: string): Promise<string[]> {
      const ids: string[] = [];
      for (;;) {
        const jobs = await claim(on, workerId, [kind], 3);
        if (jobs.length === 0) return ids;
        ids.push(...jobs.map((j) => j.id));
      }
    }
    const [a, b, c, d] = await Promise.all([
      drain(db, 'w1'),
      drain(other, 'w2'),
      drain(db, 'w3'),
      drain(other, 'w4'),
    ]);
    const all = [...a, ...b, ...c, ...d];
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    const { rows } = await db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM jobs WHERE kind = $1 AND status = 'running' AND attempts = 1",
      [kind],
    );
    expect(Number(rows[0]!.n)).toBe(total);
  });
});

describe('complete and fail', () => {
  it('completes a job it holds', async () => {
    const kind = newKind();
    await enqueue(db, { kind });
    const [job] = (await claim(db, 'w1', [kind], 1)) as [Job];
    const done = await complete(db, job);
    expect(done).toMatchObject({ status: 'succeeded', lockedBy: null, lockedUntil: null });
    expect(done!.finishedAt).toBeInstanceOf(Date);
    expect(await claim(db, 'w1', [kind], 1)).toEqual([]);
  });

  it('retries with a growing delay, then fails with the last error', async () => {
    const kind = newKind();
    const { job } = await enqueue(db, { kind, maxAttempts: 4 });
    const backoff = { baseMs: 1_000, capMs: 60_000 };
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [claimed] = (await claim(db, 'w1', [kind], 1)) as [Job];
      expect(claimed.attempts).toBe(attempt);
      const retried = await fail(db, claimed, new Error(`falhou ${attempt}`), { backoff });
      expect(retried).toMatchObject({
        status: 'queued',
        lastError: `Error: falhou ${attempt}`,
        lockedBy: null,
      });
      delays.push(retried!.runAt.getTime() - retried!.updatedAt.getTime());
      // Not due yet: nothing to claim until the backoff has passed.
      expect(await claim(db, 'w1', [kind], 1)).toEqual([]);
      await makeDue(job.id);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(800);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);

    const [last] = (await claim(db, 'w1', [kind], 1)) as [Job];
    const failed = await fail(db, last, new Error('sem conexão'), { backoff });
    expect(failed).toMatchObject({ status: 'failed', attempts: 4, lastError: 'Error: sem conexão' });
    expect(failed!.finishedAt).toBeInstanceOf(Date);
    await makeDue(job.id);
    expect(await claim(db, 'w1', [kind], 1)).toEqual([]);
  });

  it('gives up at once on a permanent error', async () => {
    const kind = newKind();
    await enqueue(db, { kind, maxAttempts: 5 });
    const [job] = (await claim(db, 'w1', [kind], 1)) as [Job];
    const failed = await fail(db, job, new Error('payload inválido'), { permanent: true });
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('computes capped exponential delays whose jitter keeps them growing', () => {
    const low = { baseMs: 1_000, capMs: 30_000, random: () => 0 };
    const high = { baseMs: 1_000, capMs: 30_000, random: () => 0.999_999 };
    expect(retryDelayMs(1, low)).toBe(800);
    expect(retryDelayMs(1, high)).toBe(1_200);
    for (let attempt = 1; attempt < 4; attempt++) {
      expect(retryDelayMs(attempt + 1, low)).toBeGreaterThan(retryDelayMs(attempt, high));
    }
    expect(retryDelayMs(20, high)).toBe(30_000);
  });
});

describe('leases', () => {
  it("lets another worker take a job whose worker died, and ignores the dead worker's result", async () => {
    const kind = newKind();
    const { job } = await enqueue(db, { kind, maxAttempts: 3 });
    const [first] = (await claim(db, 'dead-worker', [kind], 1, { leaseMs: 60_000 })) as [Job];
    expect(await claim(db, 'w2', [kind], 1)).toEqual([]);

    await expireLease(job.id);
    const [second] = (await claim(db, 'w2', [kind], 1)) as [Job];
    expect(second).toMatchObject({ id: job.id, attempts: 2, lockedBy: 'w2' });
    expect(second.lastError).toMatch(/lease expired/);

    expect(await complete(db, first)).toBeNull();
    expect(await fail(db, first, new Error('late'))).toBeNull();
    expect(await complete(db, second)).toMatchObject({ status: 'succeeded' });
  });

  it('fails a job whose lease ran out on its last attempt', async () => {
    const kind = newKind();
    const { job } = await enqueue(db, { kind, maxAttempts: 1 });
    await claim(db, 'dead-worker', [kind], 1);
    await expireLease(job.id);
    expect(await claim(db, 'w2', [kind], 1)).toEqual([]);
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
