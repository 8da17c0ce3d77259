import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/types';
import type { BackoffOptions } from './backoff';
import { JOBS_CHANNEL } from './channel';
import { claim } from './claim';
import type { Job } from './job';
import { PermanentJobError } from './permanent-error';
import { complete, fail } from './settle';
import { takingTurns } from './taking-turns';

export interface JobLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  db: Db;
  /** Aborted when the job runs past its timeout: stop, the attempt has already been failed. */
  signal: AbortSignal;
  workerId: string;
  logger: JobLogger;
}

/**
 * Does the work of one job. It must be idempotent: a job can run more than once (a worker that dies
 * after doing the work but before recording it, a timed-out attempt that still finishes), so check
 * the state before acting — e.g. send a follow-up only while its row is still 'scheduled', and mark
 * it sent in the same step. Throw to retry with backoff; throw PermanentJobError to give up.
 */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  /** One per kind; the worker claims only these kinds. */
  handlers: Record<string, JobHandler>;
  /** How often to look for due jobs when nothing wakes it (retries, jobs scheduled for later). */
  pollMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** Per attempt; past it the attempt fails (and is retried) and `ctx.signal` aborts. */
  timeoutMs?: number;
  /** How long a claim lasts; longer than the timeout, so only a dead worker loses its jobs. */
  leaseMs?: number;
  backoff?: BackoffOptions;
  logger?: JobLogger;
  workerId?: string;
}

export interface Worker {
  readonly id: string;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /** Claims nothing more and resolves once every job it is running has finished or timed out. */
  stop(): Promise<void>;
}

export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'JobTimeoutError';
  }
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * Runs jobs from the `jobs` table. Safe with any number of workers, in one process or many: claims
 * skip rows another worker holds, and a job whose worker died is taken again once its lease runs
 * out. Woken by the NOTIFY each enqueue sends, and polls for the rest.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const {
    db,
    handlers,
    pollMs = 1_000,
    concurrency = 2,
    timeoutMs = 60_000,
    leaseMs = timeoutMs + 30_000,
    backoff,
    logger = silent,
    workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  } = options;
  if (leaseMs <= timeoutMs) throw new Error('leaseMs must be longer than timeoutMs');
  const kinds = Object.keys(handlers);
  const jobDb = takingTurns(db);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let again = false;

  function kick() {
    if (stopping) return;
    if (claiming) {
      again = true;
      return;
    }
    clearTimeout(timer);
    claiming = claimAndRun().finally(() => {
      claiming = undefined;
      if (stopping) return;
      if (again) kick();
      else timer = setTimeout(kick, pollMs);
    });
  }

  async function claimAndRun() {
    do {
      again = false;
      const free = concurrency - inFlight.size;
      if (free <= 0) return;
      let jobs: Job[];
      try {
        jobs = await claim(jobDb, workerId, kinds, free, { leaseMs });
      } catch (err) {
        logger.error({ err, workerId }, 'jobs: claim failed; retrying at the next poll');
        return;
      }
      // Even when stopping: these are ours now, and stop() waits for them.
      for (const job of jobs) track(run(job));
      if (jobs.length === free) again = true;
    } while (again && !stopping);
  }

  function track(running: Promise<void>) {
    inFlight.add(running);
    running.finally(() => {
      inFlight.delete(running);
      kick();
    });
  }

  async function run(job: Job) {
    const controller = new AbortController();
    const ctx: JobContext = { db: jobDb, signal: controller.signal, workerId, logger };
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        const error = new JobTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    const work = Promise.resolve().then(() => handlers[job.kind]!(job, ctx));
    // A handler that settles after its timeout must not surface as an unhandled rejection.
    work.catch(() => {});

    let error: unknown;
    let ok = false;
    try {
      await Promise.race([work, timedOut]);
      ok = true;
    } catch (err) {
      error = err;
    } finally {
      clearTimeout(deadline);
    }

    const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, workerId };
    try {
      if (ok) {
        const done = await complete(jobDb, job);
        if (done) logger.debug?.(fields, 'jobs: succeeded');
        else logger.warn(fields, 'jobs: finished after losing its lease; another worker has it');
        return;
      }
      const failed = await fail(jobDb, job, error, {
        backoff,
        permanent: error instanceof PermanentJobError,
      });
      if (!failed) logger.warn({ ...fields, err: error }, 'jobs: failed after losing its lease');
      else if (failed.status === 'failed') logger.error({ ...fields, err: error }, 'jobs: gave up');
      else logger.warn({ ...fields, err: error, retryAt: failed.runAt }, 'jobs: attempt failed; will retry');
    } catch (err) {
      // The lease will run out and the job will run again; handlers are idempotent.
      logger.error({ ...fields, err }, 'jobs: could not record the outcome');
    }
  }

  const unlisten = await db.listen(JOBS_CHANNEL, (kind) => {
    if (kinds.includes(kind)) kick();
  });
  kick();

  return {
    id: workerId,
    wake: kick,
    async stop() {
      if (!stopping) {
        stopping = true;
        clearTimeout(timer);
        await unlisten().catch(() => {});
      }
      while (claiming || inFlight.size > 0) {
        await claiming;
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
