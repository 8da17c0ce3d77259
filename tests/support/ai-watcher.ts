import { randomInt } from 'node:crypto';
import type { AiSuggestion } from '../../contracts/ai-suggestions';
import type { Db } from '../../server/db/types';
import type { Llm } from '../../server/integrations/llm/llm';
import { startWorker, type Worker } from '../../server/jobs/worker';
import { AI_WATCH_JOB, watchTurnHandler } from '../../server/modules/ai-watcher/watch-job';
import { createTestAccount } from './auth';
import { waitFor } from './db';
import type { TestServer } from './server';
import { type SignedInApi, signedInApi } from './signed-in-api';
import {
  connectWhatsapp,
  envelope,
  type TestConnection,
  textMessage,
  type WebhookTestServer,
} from './whatsapp-webhooks';

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

/** A subscribed company with a WhatsApp number, watched by default, and its owner's calls. */
export interface WatchedShop {
  companyId: string;
  api: SignedInApi;
  connection: TestConnection;
}

export async function openWatchedShop(server: TestServer, watching = true): Promise<WatchedShop> {
  const account = await createTestAccount(server.db, {
    subscription: 'active',
    flags: { sentinelWatcher: watching },
  });
  const companyId = account.companyId!;
  return {
    companyId,
    api: signedInApi(server.url, account),
    connection: await connectWhatsapp(server.db, companyId),
  };
}

/** A WhatsApp number no other test customer has (as Meta writes it: digits with 55). */
export const newWaId = () => `55119${String(randomInt(10_000_000, 99_999_999))}`;

/**
 * The customer `waId` writes each text (one webhook delivery each) through the real endpoint, then
 * stops: their turn is analysed. Resolves to the customer's id.
 */
export async function customerWritesTo(
  hooks: WebhookTestServer,
  worker: Worker,
  at: WatchedShop,
  waId: string,
  texts: string[],
): Promise<string> {
  for (const text of texts) {
    await hooks.receive(envelope(at.connection, [textMessage({ waId, name: 'Mariana Souza' }, text)]));
  }
  await turnsEnd(hooks.server.db, worker);
  const { rows } = await hooks.server.db.query<{ id: string }>(
    'SELECT id FROM customers WHERE company_id = $1 AND phone = $2',
    [at.companyId, waId],
  );
  return rows[0]!.id;
}
