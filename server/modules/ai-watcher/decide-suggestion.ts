import {
  AI_SUGGESTION_ALREADY_DECIDED_TEXT,
  AI_SUGGESTION_NOT_FOUND_TEXT,
  type AiSuggestion,
} from '../../../contracts/ai-suggestions';
import { realtimeEvent } from '../../../contracts/realtime';
import { dealInputSchema } from '../../../contracts/sales';
import { taskInputSchema } from '../../../contracts/tasks';
import type { CommandDb } from '../../db/command-transaction';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { publishEvent } from '../../realtime/event-bus';
import { createDeal } from '../sales/deals';
import { moveDeal } from '../sales/move-deal';
import { createTask } from '../tasks/save-task';
import { loadSuggestion } from './suggestion-row';

/** The company and the member deciding. */
export interface SuggestionActor {
  companyId: string;
  userId: string;
}

const notFound = () => new HttpError(404, 'NOT_FOUND', AI_SUGGESTION_NOT_FOUND_TEXT);
const alreadyDecided = () => new HttpError(409, 'CONFLICT', AI_SUGGESTION_ALREADY_DECIDED_TEXT);

/** A place past any column's end: the moved deal goes last. */
const LAST = 1_000_000;

/** The pending suggestion, locked until the caller's transaction ends; 404 / 409 otherwise. */
async function lockPending(tx: Queryable, companyId: string, suggestionId: string): Promise<AiSuggestion> {
  const { rows } = await tx.query<{ status: string }>(
    'SELECT status FROM ai_suggestions WHERE company_id = $1 AND id = $2 FOR UPDATE',
    [companyId, suggestionId],
  );
  if (!rows[0]) throw notFound();
  if (rows[0].status !== 'pending') throw alreadyDecided();
  return (await loadSuggestion(tx, companyId, suggestionId))!;
}

async function decide(
  tx: Queryable,
  actor: SuggestionActor,
  suggestion: AiSuggestion,
  status: 'accepted' | 'dismissed',
  made: { taskId: string | null; dealId: string | null },
): Promise<AiSuggestion> {
  await tx.query(
    `UPDATE ai_suggestions SET status = $3, decided_at = now(), decided_by_user_id = $4,
            made_task_id = $5, made_deal_id = $6
      WHERE company_id = $1 AND id = $2`,
    [actor.companyId, suggestion.id, status, actor.userId, made.taskId, made.dealId],
  );
  await publishEvent(
    tx,
    actor.companyId,
    realtimeEvent('ai.suggestion.changed', {
      suggestionId: suggestion.id,
      customerId: suggestion.customerId,
      status,
    }),
  );
  return (await loadSuggestion(tx, actor.companyId, suggestion.id))!;
}

/**
 * Makes what the suggestion proposes through the same functions a member uses by hand (so activity,
 * assignee and board invariants are theirs), and marks it accepted, all in one transaction: a
 * second accept, or one after a dismiss, is a 409 and makes nothing.
 */
export function acceptSuggestion(
  db: CommandDb,
  actor: SuggestionActor,
  suggestionId: string,
): Promise<{ suggestion: AiSuggestion; taskId: string | null; dealId: string | null }> {
  return db.command(async (tx) => {
    const suggestion = await lockPending(tx, actor.companyId, suggestionId);
    let taskId: string | null = null;
    let dealId: string | null = null;
    if (suggestion.task) {
      const task = await createTask(
        tx,
        actor,
        taskInputSchema.parse({
          title: suggestion.task.description,
          description: suggestion.reason,
          dueAt: suggestion.task.dueAt,
          customerId: suggestion.customerId,
        }),
      );
      taskId = task.id;
    } else if (suggestion.deal) {
      const deal = await createDeal(
        db,
        actor,
        dealInputSchema.parse({
          title: suggestion.deal.title,
          customerId: suggestion.customerId,
          valueCents: suggestion.deal.valueCents ?? 0,
        }),
      );
      dealId = deal.id;
    } else if (suggestion.stageChange) {
      const { dealId: moving, toStageId } = suggestion.stageChange;
      dealId = (await moveDeal(db, actor, moving, { stageId: toStageId, index: LAST })).id;
    }
    const decided = await decide(tx, actor, suggestion, 'accepted', { taskId, dealId });
    return { suggestion: decided, taskId, dealId };
  });
}

/** Marks the suggestion dismissed; nothing else changes. A decided one is a 409. */
export function dismissSuggestion(
  db: CommandDb,
  actor: SuggestionActor,
  suggestionId: string,
): Promise<AiSuggestion> {
  return db.command(async (tx) => {
    const suggestion = await lockPending(tx, actor.companyId, suggestionId);
    return decide(tx, actor, suggestion, 'dismissed', { taskId: null, dealId: null });
  });
}
