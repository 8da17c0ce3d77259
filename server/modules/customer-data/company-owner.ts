import { ERASE_OWNER_ONLY_TEXT } from '../../../contracts/customer-data';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';

/** 403 unless the caller owns the company: erasing a customer's data cannot be undone. */
export async function requireCompanyOwner(
  tx: Queryable,
  caller: { userId: string; companyId: string },
): Promise<void> {
  const { rows } = await tx.query<{ role: string }>(
    'SELECT role FROM memberships WHERE user_id = $1 AND company_id = $2',
    [caller.userId, caller.companyId],
  );
  if (rows[0]?.role !== 'owner') throw new HttpError(403, 'FORBIDDEN', ERASE_OWNER_ONLY_TEXT);
}
