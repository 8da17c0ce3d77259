import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../server/jobs/enqueue';
import type { Job } from '../../server/jobs/job';
import { PermanentJobError } from '../../server/jobs/permanent-error';
import { type JobContext, startWorker, type Worker, type WorkerOptions } from '../../server/jobs/worker';
import { waitFor, withTestDb } from '../support/db';

const t = withTestDb();
const db = t.db;
const workers: Worker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const newKind = () => `test.${randomBytes(4).toString('hex')}`;

async function start(options: Omit<WorkerOptions, 'db'>): Promise<Worker> {
  const worker = await startWorker({ db, ...options });
  workers.push(worker);
  return worker;
}

async function jobStatus(id: string) {
  const { rows } = await db.query<{ status: string; attempts: number; last_error: string | null }>(
    'SELECT status, attempts, last_error FROM jobs WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

const settled = (id: string) =>
  waitFor(
    async () => {
      const row = await jobStatus(id);
      return row.status === 'succeeded' || row.status === 'failed' ? row : null;
    },
    { what: `job ${id} to finish` },
  );

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('worker', () => {
  it('runs a job end to end, woken by the enqueue rather than the poll', async () => {
    const kind = newKind();
    const seen: { job: Job; ctx: JobContext }[] = [];
    const worker = await start({
      handlers: { [kind]: async (job, ctx) => void seen.push({ job, ctx }) },
      // Far beyond the test's wait: only the NOTIFY can wake it in time.
      pollMs: 60_000,
    });
    const { job } = await enqueue(db, { kind, payload: { customerId: 'c1' } });

    expect(await settled(job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.job).toMatchObject({ id: job.id, payload: { customerId: 'c1' }, lockedBy: worker.id });
    expect(seen[0]!.ctx.workerId).toBe(worker.id);
    expect(seen[0]!.ctx.signal.aborted).toBe(false);
  });

  it('retries a failed attempt after its backoff', async () => {
    const kind = newKind();
    let calls = 0;
    await start({
      handlers: {
        [kind]: async () => {
          calls++;
          if (calls === 1) throw new Error('WhatsApp fora do ar');
        },
      },
      pollMs: 20,
      backoff: { baseMs: 1, capMs: 5 },
    });
    const { job } = await enqueue(db, { kind, maxAttempts: 3 });
    expect(await settled(job.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_error: 'Error: WhatsApp fora do ar',
    });
  });

  it('gives up at once on PermanentJobError', async () => {
    const kind = newKind();
    await start({
      handlers: {
        [kind]: async () => {
          throw new PermanentJobError('mensagem não existe mais');
        },
      },
    });
    const { job } = await enqueue(db, { kind, maxAttempts: 5 });
    expect(await settled(job.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'PermanentJobError: mensagem não existe mais',
    });
  });

  it('fails an attempt that runs past its timeout and aborts its signal', async () => {
    const kind = newKind();
    let aborted = false;
    await start({
      handlers: {
        [kind]: (_job, ctx) =>
          new Promise<void>((_, reject) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(ctx.signal.reason);
            });
          }),
      },
      timeoutMs: 50,
      leaseMs: 10_000,
    });
    const { job } = await enqueue(db, { kind, maxAttempts: 1 });
    const row = await settled(job.id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/timed out after 50 ms/);
    expect(aborted).toBe(true);
  });

  it('runs at most `concurrency` jobs at a time', async () => {
    const kind = newKind();
    const gate = deferred();
    let running = 0;
    let most = 0;
    let started = 0;
    await start({
      handlers: {
        [kind]: async () => {
          started++;
          running++;
          most = Math.max(most, running);
          await gate.promise;
          running--;
        },
      },
      concurrency: 2,
      pollMs: 20,
    });
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push((await enqueue(db, { kind, payload: { i } })).job);
    await waitFor(() => started === 2, { what: 'two jobs to start' });
    gate.resolve();
    for (const job of jobs) expect((await settled(job.id)).status).toBe('succeeded');
    expect(most).toBe(2);
  });

  it('stop() waits for the job in flight', async () => {
    const kind = newKind();
    const gate = deferred();
    let started = false;
    const worker = await start({
      handlers: {
        [kind]: async () => {
          started = true;
          await gate.promise;
        },
      },
    });
    const { job } = await enqueue(db, { kind });
    await waitFor(() => started, { what: 'the job to start' });

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    // Give stop() every chance to resolve early: it must not while the handler runs.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    expect((await jobStatus(job.id)).status).toBe('running');

    gate.resolve();
    await stopping;
    expect((await jobStatus(job.id)).status).toBe('succeeded');

    // Stopped means stopped: a new job stays queued.
    const { job: later } = await enqueue(db, { kind });
    worker.wake();
    expect((await jobStatus(later.id)).status).toBe('queued');
  });

  it('leaves room for requests: a query asked for while a backlog runs is answered before the backlog ends', async () => {
    const kind = newKind();
    const total = 30;
    for (let i = 0; i < total; i++) await enqueue(db, { kind });
    let ran = 0;
    const firstRan = deferred();
    await start({
      handlers: {
        [kind]: async (_job, ctx) => {
          await ctx.db.query('SELECT 1');
          ran++;
          firstRan.resolve();
        },
      },
      pollMs: 60_000,
    });
    await firstRan.promise;

    // As a request arrives: a task of the event loop that asks the database. On PGlite a worker that
    // never yields runs its whole backlog before this task even starts.
    const ranWhenAnswered = await new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        db.query('SELECT 1').then(() => resolve(ran), reject);
      });
    });
    expect(ranWhenAnswered).toBeLessThan(total);
    await waitFor(() => ran === total, { what: 'the backlog to finish' });
  });
});
