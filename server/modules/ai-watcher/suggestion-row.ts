import { AI_SUGGESTIONS_LISTED, type AiSuggestion } from '../../../contracts/ai-suggestions';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable, Row } from '../../db/types';

/** A suggestion with the names the card shows (customer, deal, stage). */
export const SUGGESTION_SELECT = `SELECT s.id, s.kind, s.status, s.customer_id, c.name AS customer_name, s.reason,
       s.task_description, s.task_due_at, s.deal_title, s.deal_value_cents, s.deal_id, d.title AS stage_deal_title,
       s.to_stage_id, st.name AS to_stage_name, s.message_id, s.created_at
  FROM ai_suggestions s
  JOIN customers c ON c.company_id = s.company_id AND c.id = s.customer_id
  LEFT JOIN deals d ON d.company_id = s.company_id AND d.id = s.deal_id
  LEFT JOIN deal_stages st ON st.company_id = s.company_id AND st.id = s.to_stage_id`;

export interface SuggestionRow extends Row {
  id: string;
  kind: AiSuggestion['kind'];
  status: AiSuggestion['status'];
  customer_id: string;
  customer_name: string;
  reason: string;
  task_description: string | null;
  task_due_at: Timestamp | null;
  deal_title: string | null;
  deal_value_cents: string | number | null;
  deal_id: string | null;
  stage_deal_title: string | null;
  to_stage_id: string | null;
  to_stage_name: string | null;
  message_id: string;
  created_at: Timestamp;
}

export function toSuggestion(row: SuggestionRow): AiSuggestion {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    customerId: row.customer_id,
    customerName: row.customer_name,
    reason: row.reason,
    task: row.kind === 'task' ? { description: row.task_description!, dueAt: row.task_due_at! } : null,
    deal:
      row.kind === 'deal'
        ? {
            title: row.deal_title!,
            valueCents: row.deal_value_cents === null ? null : Number(row.deal_value_cents),
          }
        : null,
    stageChange:
      row.kind === 'stage-change'
        ? {
            dealId: row.deal_id!,
            dealTitle: row.stage_deal_title ?? '',
            toStageId: row.to_stage_id!,
            toStageName: row.to_stage_name ?? '',
          }
        : null,
    messageId: row.message_id,
    createdAt: row.created_at,
  };
}

export async function loadSuggestion(
  q: Queryable,
  companyId: string,
  suggestionId: string,
): Promise<AiSuggestion | null> {
  const { rows } = await q.query<SuggestionRow>(
    `${SUGGESTION_SELECT} WHERE s.company_id = $1 AND s.id = $2`,
    [companyId, suggestionId],
  );
  return rows[0] ? toSuggestion(rows[0]) : null;
}

/** The pending suggestions of the company, or of one of its customers, newest first. */
export async function listPendingSuggestions(
  q: Queryable,
  companyId: string,
  customerId: string | undefined,
): Promise<AiSuggestion[]> {
  const { rows } = await q.query<SuggestionRow>(
    `${SUGGESTION_SELECT}
      WHERE s.company_id = $1 AND s.status = 'pending' AND ($2::uuid IS NULL OR s.customer_id = $2::uuid)
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${AI_SUGGESTIONS_LISTED}`,
    [companyId, customerId ?? null],
  );
  return rows.map(toSuggestion);
}
