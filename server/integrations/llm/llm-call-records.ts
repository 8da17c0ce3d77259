import type { Queryable } from '../../db/types';
import type { LlmFailure, LlmPurpose } from './llm';

export type LlmOutcome = 'ok' | LlmFailure;

export interface LlmCallRecord {
  companyId: string;
  userId: string | null;
  purpose: LlmPurpose;
  model: string;
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
  costMicros: number;
  outcome: LlmOutcome;
  latencyMs: number;
}

/** One row of llm_calls per call, whatever its outcome. */
export async function recordLlmCall(q: Queryable, record: LlmCallRecord): Promise<void> {
  await q.query(
    `INSERT INTO llm_calls (company_id, user_id, purpose, model, prompt_tokens, completion_tokens,
       tokens_estimated, cost_micros, outcome, latency_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      record.companyId,
      record.userId,
      record.purpose,
      record.model,
      record.promptTokens,
      record.completionTokens,
      record.tokensEstimated,
      record.costMicros,
      record.outcome,
      Math.max(0, Math.round(record.latencyMs)),
    ],
  );
}

/** What the company spent on the LLM this calendar month in Brazil (America/Sao_Paulo), in micro-reais. */
export async function monthSpendMicros(q: Queryable, companyId: string): Promise<number> {
  const { rows } = await q.query<{ spent: string | number }>(
    `SELECT coalesce(sum(cost_micros), 0) AS spent FROM llm_calls
     WHERE company_id = $1
       AND created_at >= date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'`,
    [companyId],
  );
  return Number(rows[0]?.spent ?? 0);
}
