import type { Queryable } from '../../db/types';
import { requeuePausedFollowUps } from './requeue-follow-ups';

/**
 * The owner answered this customer by hand from the phone (a live coexistence echo): the automatic
 * follow-ups to them wait until the owner resumes them, so the customer is not sent a reminder about
 * a conversation that already moved on. The first such echo's time is kept.
 */
export async function pauseFollowUpsOnEcho(
  tx: Queryable,
  companyId: string,
  customerId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE customers SET follow_ups_paused_at = $3
      WHERE company_id = $1 AND id = $2 AND follow_ups_paused_at IS NULL`,
    [companyId, customerId, at],
  );
}

/**
 * The owner resumes the customer's follow-ups: the pause is cleared and the paused ones go out
 * again (or expire, past the cut-off). Answers how many were queued; null when the customer is not
 * the company's.
 */
export async function resumeCustomerFollowUps(
  tx: Queryable,
  companyId: string,
  customerId: string,
  expiryHours: number,
): Promise<number | null> {
  const { rows } = await tx.query(
    `UPDATE customers SET follow_ups_paused_at = NULL WHERE company_id = $1 AND id = $2 RETURNING id`,
    [companyId, customerId],
  );
  if (rows.length === 0) return null;
  return requeuePausedFollowUps(tx, companyId, customerId, expiryHours);
}
