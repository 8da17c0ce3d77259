import { realtimeEvent } from '../../../contracts/realtime';
import { DEAL_TITLE_MAX } from '../../../contracts/sales';
import { TASK_TITLE_MAX } from '../../../contracts/tasks';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { publishEvent } from '../../realtime/event-bus';
import type { Proposal } from './proposal';
import type { TurnContext } from './turn-context';

/** Whether the owner already has this waiting: the same kind for the customer (the same move for a stage change). */
function alreadyPending(context: TurnContext, proposal: Proposal): boolean {
  return context.pending.some(
    (p) =>
      p.kind === proposal.kind &&
      (proposal.kind !== 'stage-change' ||
        (p.dealId === proposal.dealId && p.toStageId === proposal.toStageId)),
  );
}

/**
 * Stores the turn's suggestion and tells the company's open tabs, in one transaction; at most one per
 * turn (a second run of the same job finds it there). Answers its id, or null when nothing was stored.
 */
export async function storeSuggestion(
  db: Db,
  context: TurnContext,
  proposal: Proposal,
): Promise<string | null> {
  if (alreadyPending(context, proposal)) return null;
  return db.transaction(async (tx) => {
    // A parameter: the proposal's own Date, or the database's text of a local time.
    let dueAt: Date | Timestamp | null = null;
    if (proposal.kind === 'task') {
      if ('at' in proposal.due) dueAt = proposal.due.at;
      else {
        const { days, hour, minute } = proposal.due.local;
        const { rows } = await tx.query<{ at: Timestamp }>(
          `SELECT (date_trunc('day', now() AT TIME ZONE $1) + make_interval(days => $2, hours => $3, mins => $4))
                    AT TIME ZONE $1 AS at`,
          [context.timezone, days, hour, minute],
        );
        dueAt = rows[0]!.at;
      }
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO ai_suggestions (company_id, customer_id, message_id, kind, reason, task_description, task_due_at,
                                   deal_title, deal_value_cents, deal_id, to_stage_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (company_id, message_id) DO NOTHING
       RETURNING id`,
      [
        context.companyId,
        context.customer.id,
        context.lastMessageId,
        proposal.kind,
        proposal.reason,
        proposal.kind === 'task' ? proposal.description.slice(0, TASK_TITLE_MAX) : null,
        dueAt,
        proposal.kind === 'deal' ? proposal.title.slice(0, DEAL_TITLE_MAX) : null,
        proposal.kind === 'deal' ? proposal.valueCents : null,
        proposal.kind === 'stage-change' ? proposal.dealId : null,
        proposal.kind === 'stage-change' ? proposal.toStageId : null,
      ],
    );
    const id = rows[0]?.id;
    if (!id) return null;
    await publishEvent(
      tx,
      context.companyId,
      realtimeEvent('ai.suggestion.changed', {
        suggestionId: id,
        customerId: context.customer.id,
        status: 'pending',
      }),
    );
    return id;
  });
}
