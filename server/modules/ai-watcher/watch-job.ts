import type { Queryable } from '../../db/types';
import { type Llm, LlmError } from '../../integrations/llm/llm';
import { enqueue } from '../../jobs/enqueue';
import type { Job } from '../../jobs/job';
import type { JobHandler } from '../../jobs/worker';
import { offlineProposal } from './offline-proposal';
import { onlineProposal } from './online-proposal';
import type { Proposal } from './proposal';
import { storeSuggestion } from './store-suggestion';
import { loadTurnContext } from './turn-context';

/** Analyses one turn of a conversation (a durable job, see server/jobs/README.md). */
export const AI_WATCH_JOB = 'ai.watch';

/**
 * How long after a customer's message its turn is analysed: a burst of messages is one turn, and
 * only the job of its last message (the others find a newer one) looks at it.
 */
export const TURN_QUIET_MS = 4_000;

export interface WatchPayload {
  messageId: string;
}

/** A customer's newest message of a batch just stored. */
export interface InboundTurn {
  companyId: string;
  messageId: string;
}

/**
 * Queues the analysis of each turn, in the caller's transaction, for the companies whose watcher is
 * on (`companies.sentinel_watcher_enabled`); one job per message, ever.
 */
export async function enqueueTurnWatches(tx: Queryable, turns: InboundTurn[]): Promise<void> {
  if (turns.length === 0) return;
  const companyIds = [...new Set(turns.map((turn) => turn.companyId))];
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM companies WHERE id = ANY($1::uuid[]) AND sentinel_watcher_enabled',
    [companyIds],
  );
  if (rows.length === 0) return;
  const watching = new Set(rows.map((row) => row.id));
  const runAt = new Date(Date.now() + TURN_QUIET_MS);
  for (const turn of turns) {
    if (!watching.has(turn.companyId)) continue;
    await enqueue<WatchPayload>(tx, {
      kind: AI_WATCH_JOB,
      companyId: turn.companyId,
      payload: { messageId: turn.messageId },
      runAt,
      maxAttempts: 3,
      idempotencyKey: `${AI_WATCH_JOB}:${turn.messageId}`,
    });
  }
}

function watchPayload(job: Job): WatchPayload & { companyId: string } {
  const payload = job.payload as Partial<WatchPayload> | null;
  if (!job.companyId || typeof payload?.messageId !== 'string') {
    throw new Error(`${AI_WATCH_JOB} job ${job.id} names no message`);
  }
  return { companyId: job.companyId, messageId: payload.messageId };
}

/**
 * Reads the turn and proposes at most one task, deal or stage change: through the LLM when one is
 * configured (offline rules when it fails or the budget is spent: a failure never loses the turn),
 * by the offline rules otherwise. Idempotent: one suggestion per turn.
 */
export function watchTurnHandler(llm: Llm | null): JobHandler {
  return async (job, { db, logger }) => {
    const { companyId, messageId } = watchPayload(job);
    const context = await loadTurnContext(db, companyId, messageId, { forPrompt: llm !== null });
    if (!context || context.turn.length === 0) return;
    let proposal: Proposal | null;
    if (llm) {
      try {
        proposal = await onlineProposal(llm, context, logger);
      } catch (err) {
        if (!(err instanceof LlmError)) throw err;
        logger.warn({ companyId, failure: err.failure }, 'ai watcher: LLM failed; offline rules instead');
        proposal = offlineProposal(context);
      }
    } else proposal = offlineProposal(context);
    if (proposal) await storeSuggestion(db, context, proposal);
  };
}
