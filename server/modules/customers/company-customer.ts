import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';

/**
 * The company's customer that another row is about to point at (a task, a deal), or null when the
 * company has no such customer (malformed ids included). Locked FOR KEY SHARE until the caller's
 * transaction ends: a deletion of the customer at the same moment waits for the command, instead of
 * failing its foreign key with a 500.
 */
export async function customerToReference(
  tx: Queryable,
  companyId: string,
  customerId: string,
): Promise<{ id: string; phone: string | null } | null> {
  if (!isUuid(customerId)) return null;
  const { rows } = await tx.query<{ id: string; phone: string | null }>(
    'SELECT id, phone FROM customers WHERE company_id = $1 AND id = $2 FOR KEY SHARE',
    [companyId, customerId],
  );
  return rows[0] ?? null;
}
