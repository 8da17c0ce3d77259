import type { Db } from '../db/types';
import { enqueue } from './enqueue';
import type { JobLogger } from './worker';

export interface RecurringJob {
  kind: string;
  /** One job per period; every instance may run the schedule, the period's key keeps it to one. */
  everyMs: number;
  payload?: unknown;
}

export interface Schedule {
  /** Enqueues nothing more; resolves once an enqueue under way has finished. */
  stop(): Promise<void>;
}

/** The idempotency key of `job` for the period that contains `now`. */
export function periodKey(job: RecurringJob, now: number): string {
  return `${job.kind}:every-${job.everyMs}:${Math.floor(now / job.everyMs)}`;
}

/**
 * Enqueues each recurring job at start and then once per period. Several instances can all run it:
 * the period's idempotency key makes the second enqueue of a period return the first job.
 */
export function startSchedule(
  db: Db,
  jobs: readonly RecurringJob[],
  { logger, now = Date.now }: { logger?: JobLogger; now?: () => number } = {},
): Schedule {
  const pending = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      const enqueued = enqueue(db, {
        kind: job.kind,
        payload: job.payload,
        idempotencyKey: periodKey(job, now()),
      })
        .catch((err: unknown) => logger?.warn({ err, kind: job.kind }, 'could not enqueue a recurring job'))
        .finally(() => pending.delete(enqueued));
      pending.add(enqueued);
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    // A schedule never keeps the process alive on its own.
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(pending);
    },
  };
}
