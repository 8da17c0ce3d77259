import type { FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { type FollowUpChange, publishFollowUpChanges } from './follow-up-events';
import { type FollowUpProblemCode, followUpProblemText } from './follow-up-problems';

interface ChangedRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  task_id: string | null;
  customer_id: string;
  status: FollowUpStatus;
}

/**
 * Moves the company's follow-ups `ids` that are in one of `from` to `status`, with the problem (code
 * and its pt-BR text) or none, in one statement; open tabs are told on commit. Answers the ids moved.
 */
export async function moveFollowUps(
  tx: Queryable,
  companyId: string,
  ids: string[],
  from: readonly FollowUpStatus[],
  status: FollowUpStatus,
  problem: FollowUpProblemCode | null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<ChangedRow>(
    `UPDATE follow_up_messages SET status = $4, problem_code = $5, last_error = $6
      WHERE company_id = $1 AND id = ANY($2::uuid[]) AND status = ANY($3::text[])
      RETURNING id, company_id, task_id, customer_id, status`,
    [companyId, ids, from, status, problem, problem === null ? null : followUpProblemText(problem)],
  );
  await publishChanged(tx, rows);
  return rows.map((row) => row.id);
}

/** The changes the follow-up rows an UPDATE returned stand for. */
export const changesOf = (rows: ChangedRow[]): FollowUpChange[] =>
  rows.map((row) => ({
    companyId: row.company_id,
    followUpMessageId: row.id,
    taskId: row.task_id,
    customerId: row.customer_id,
    status: row.status,
  }));

export async function publishChanged(tx: Queryable, rows: ChangedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await publishFollowUpChanges(tx, changesOf(rows));
}

/** Meta said the number cannot receive WhatsApp messages (131026): the customer page says so. */
export async function flagUndeliverable(tx: Queryable, companyId: string, customerId: string): Promise<void> {
  await tx.query(
    `UPDATE customers SET whatsapp_undeliverable_at = coalesce(whatsapp_undeliverable_at, now())
      WHERE company_id = $1 AND id = $2`,
    [companyId, customerId],
  );
}
