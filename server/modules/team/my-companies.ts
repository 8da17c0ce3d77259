import { realtimeEvent } from '../../../contracts/realtime';
import type { Role } from '../../../contracts/roles';
import { COMPANY_NOT_FOUND_TEXT, type CompanyChoice } from '../../../contracts/team';
import type { Db, Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { publishEvents } from '../../realtime/event-bus';
import { companyDisplayName } from './company-name';

/** Every company the person belongs to, by name, the current one marked. */
export async function listMyCompanies(q: Queryable, userId: string): Promise<CompanyChoice[]> {
  const { rows } = await q.query<{ id: string; name: string; role: Role; current: boolean }>(
    `SELECT c.id, ${companyDisplayName('c')} AS name, m.role, c.id = u.current_company_id AS current
       FROM memberships m JOIN companies c ON c.id = m.company_id JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1
      ORDER BY lower(${companyDisplayName('c')}), c.id`,
    [userId],
  );
  return rows;
}

/**
 * Makes one of the person's companies the current one: every request reads it afresh, so their next
 * call already works there. 404 for a company they do not belong to (as for one that does not exist).
 */
export async function switchCompany(
  db: Db,
  userId: string,
  companyId: string,
): Promise<{ currentCompanyId: string; role: Role }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ role: Role }>(
      'SELECT role FROM memberships WHERE user_id = $1 AND company_id = $2 FOR SHARE',
      [userId, companyId],
    );
    const membership = rows[0];
    if (!membership) throw new HttpError(404, 'NOT_FOUND', COMPANY_NOT_FOUND_TEXT);
    const left = (
      await tx.query<{ company_id: string | null }>(
        `UPDATE users u SET current_company_id = $2 FROM users before
          WHERE u.id = $1 AND before.id = u.id
          RETURNING before.current_company_id AS company_id`,
        [userId, companyId],
      )
    ).rows[0]?.company_id;
    // Their open sockets still follow the company they left: moved once this commits.
    if (left && left !== companyId)
      await publishEvents(tx, [
        { companyId: left, event: realtimeEvent('session.company.switched', { userId }) },
      ]);
    return { currentCompanyId: companyId, role: membership.role };
  });
}
