import type { SettingsUser } from '../../../contracts/settings';
import { unauthenticated } from '../../auth/api/caller';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

interface UserRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string;
  mobile_phone: string | null;
  mobile_phone_verified_at: Timestamp | null;
  created_at: Timestamp;
  company_id: string | null;
  company_name: string | null;
  business_name: string | null;
}

/** The signed-in user as Configurações shows them (spec §7 `getUser`), with their current company. */
export async function loadSettingsUser(q: Queryable, userId: string): Promise<SettingsUser> {
  const { rows } = await q.query<UserRow>(
    `SELECT u.id, u.name, u.email, u.mobile_phone, u.mobile_phone_verified_at, u.created_at,
            c.id AS company_id, c.name AS company_name, c.business_name
       FROM users u LEFT JOIN companies c ON c.id = u.current_company_id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw unauthenticated();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobilePhone: row.mobile_phone,
    mobilePhoneVerifiedAt: row.mobile_phone_verified_at,
    createdAt: row.created_at,
    company: row.company_id
      ? { id: row.company_id, name: row.company_name, businessName: row.business_name }
      : null,
  };
}
