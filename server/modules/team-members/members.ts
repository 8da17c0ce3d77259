import { ASSIGNEE_NOT_MEMBER_TEXT } from '../../../contracts/activity';
import type { Role } from '../../../contracts/roles';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { personNameSql } from '../activity/person';

export interface MemberListing {
  userId: string;
  name: string | null;
  email: string;
  role: Role;
}

/** The company's members, owners first, then by name (what assignee pickers offer). */
export async function listMembers(q: Queryable, companyId: string): Promise<MemberListing[]> {
  const { rows } = await q.query<{ user_id: string; name: string | null; email: string; role: Role }>(
    `SELECT m.user_id, u.name, u.email, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1
      ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END,
               lower(${personNameSql('u')}), u.id`,
    [companyId],
  );
  return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email, role: row.role }));
}

/**
 * The assignee a body names, checked against the company's members (a 400 on assigneeUserId
 * otherwise, like any foreign id in a body): `undefined` answers `whenAbsent`, null "sem responsável".
 * The membership is locked FOR KEY SHARE so a removal at the same moment waits for the command.
 */
export async function checkedAssignee(
  tx: Queryable,
  companyId: string,
  assigneeUserId: string | null | undefined,
  whenAbsent: string | null,
): Promise<string | null> {
  if (assigneeUserId === undefined) return whenAbsent;
  if (assigneeUserId === null) return null;
  const { rows } = isUuid(assigneeUserId)
    ? await tx.query<{ user_id: string }>(
        'SELECT user_id FROM memberships WHERE company_id = $1 AND user_id = $2 FOR KEY SHARE',
        [companyId, assigneeUserId],
      )
    : { rows: [] };
  const member = rows[0];
  if (!member) {
    throw new HttpError(400, 'VALIDATION_ERROR', ASSIGNEE_NOT_MEMBER_TEXT, [
      { path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT },
    ]);
  }
  return member.user_id;
}

/** A member's name as lines show it (the e-mail before they told their name), or null. */
export async function memberName(q: Queryable, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  const { rows } = await q.query<{ name: string }>(
    `SELECT ${personNameSql('u')} AS name FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.name ?? null;
}
