import type { ActivityAction, ActivityDetails } from '../../../contracts/activity';
import type { Queryable } from '../../db/types';

export interface ActivityLine {
  companyId: string;
  /** Who did it; null for what nobody did by hand. */
  actorUserId: string | null;
  action: ActivityAction;
  taskId?: string | null;
  dealId?: string | null;
  /** The customer whose timeline shows the line. */
  customerId?: string | null;
  details?: ActivityDetails;
}

/** Writes one line of who did what, in the transaction of the change it records. */
export async function recordActivity(tx: Queryable, line: ActivityLine): Promise<void> {
  await tx.query(
    `INSERT INTO activity_events (company_id, actor_user_id, action, task_id, deal_id, customer_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      line.companyId,
      line.actorUserId,
      line.action,
      line.taskId ?? null,
      line.dealId ?? null,
      line.customerId ?? null,
      JSON.stringify(line.details ?? {}),
    ],
  );
}
