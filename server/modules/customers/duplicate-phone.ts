import { duplicatePhoneText } from '../../../contracts/customers';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';

/** The unique index that makes one person one customer (migration 008). */
export const PHONE_KEY_INDEX = 'customers_company_phone_key_idx';

/** The customer of the company who has this phone (ninth digit or not), other than `exceptId`. */
export async function customerWithPhone(
  q: Queryable,
  companyId: string,
  phoneKey: string,
  exceptId: string | null = null,
): Promise<{ id: string; name: string } | null> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `SELECT id, name FROM customers
      WHERE company_id = $1 AND phone_key = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [companyId, phoneKey, exceptId],
  );
  return rows[0] ?? null;
}

/** 409 naming the customer who already has the number, on the form's phone field. */
export function duplicatePhone(existingName: string): HttpError {
  const text = duplicatePhoneText(existingName);
  return new HttpError(409, 'CONFLICT', text, [{ path: 'phone', message: text }]);
}
