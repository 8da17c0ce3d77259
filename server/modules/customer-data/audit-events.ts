import type { Queryable } from '../../db/types';

export type AuditAction = 'customer.exported' | 'customer.erased';

/** Records who did what to which customer's data, in the caller's transaction; never the data itself. */
export async function recordAuditEvent(
  tx: Queryable,
  caller: { userId: string; companyId: string },
  action: AuditAction,
  customerId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (company_id, actor_user_id, action, entity_name, entity_id)
     VALUES ($1, $2, $3, 'customer', $4)`,
    [caller.companyId, caller.userId, action, customerId],
  );
}
