import type { AiSuggestion } from '../../contracts/ai-suggestions';
import type { Db } from '../../server/db/types';
import type { Llm } from '../../server/integrations/llm/llm';
import { startWorker, type Worker } from '../../server/jobs/worker';
import { AI_WATCH_JOB, watchTurnHandler } from '../../server/modules/ai-watcher/watch-job';
import { waitFor } from './db';
import type { SignedInApi } from './signed-in-api';

/** The watcher's jobs run by a worker of their own, as server/main.ts runs them. */
export function startWatcherWorker(db: Db, llm: Llm | null = null): Promise<Worker> {
  return startWorker({
    db,
    handlers: { [AI_WATCH_JOB]: watchTurnHandler(llm) },
    pollMs: 20,
    backoff: { baseMs: 1, capMs: 5 },
  });
}

/**
 * The customer stops writing: the turns waiting for their quiet time are due now, and this waits
 * until each has been analysed (their jobs ended).
 */
export async function turnsEnd(db: Db, worker: Worker): Promise<void> {
  await db.query(`UPDATE jobs SET run_at = now() WHERE kind = $1 AND status = 'queued'`, [AI_WATCH_JOB]);
  worker.wake();
  await waitFor(
    async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
        [AI_WATCH_JOB],
      );
      return rows[0]!.n === 0;
    },
    { what: 'every turn analysed' },
  );
}

/** The pending suggestions the API lists (of one customer when named). */
export async function pendingSuggestions(api: SignedInApi, customerId?: string): Promise<AiSuggestion[]> {
  const answer = await api.get<{ suggestions: AiSuggestion[] }>(
    `/api/ai-suggestions${customerId ? `?customerId=${customerId}` : ''}`,
  );
  if (answer.status !== 200) throw new Error(`listing suggestions answered ${answer.status}`);
  return answer.body.data.suggestions;
}
