import { realtimeEvent } from '../../../contracts/realtime';
import type { Role } from '../../../contracts/roles';
import {
  LAST_OWNER_TEXT,
  MEMBER_NOT_FOUND_TEXT,
  NOT_YOURSELF_TEXT,
  type TeamMember,
} from '../../../contracts/team';
import { revokeUserSessions } from '../../auth/sessions/auth-sessions';
import type { Timestamp } from '../../db/timestamp';
import type { Db, Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { publishEvents } from '../../realtime/event-bus';

type MemberRow = {
  user_id: string;
  name: string | null;
  email: string;
  role: Role;
  joined_at: Timestamp;
};

const memberColumns = 'u.id AS user_id, u.name, u.email, m.role, m.created_at AS joined_at';

function toMember(row: MemberRow, callerUserId: string): TeamMember {
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at,
    isYou: row.user_id === callerUserId,
  };
}

/** The company's members, owners first, then by when they joined. */
export async function listTeamMembers(
  q: Queryable,
  companyId: string,
  callerUserId: string,
): Promise<TeamMember[]> {
  const { rows } = await q.query<MemberRow>(
    `SELECT ${memberColumns} FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1
      ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, m.created_at, u.id`,
    [companyId],
  );
  return rows.map((row) => toMember(row, callerUserId));
}

const notYourself = () => new HttpError(409, 'CONFLICT', NOT_YOURSELF_TEXT);
const memberNotFound = () => new HttpError(404, 'NOT_FOUND', MEMBER_NOT_FOUND_TEXT);

/**
 * Locks the company's memberships (so two owners demoting each other at once cannot leave none) and
 * answers the target's role and how many owners there are besides them. 409 on yourself, 404 when
 * they are not in the company.
 */
async function lockTarget(
  tx: Queryable,
  input: { companyId: string; callerUserId: string; userId: string },
): Promise<{ role: Role; otherOwners: number }> {
  if (input.userId === input.callerUserId) throw notYourself();
  const { rows } = await tx.query<{ user_id: string; role: Role }>(
    'SELECT user_id, role FROM memberships WHERE company_id = $1 ORDER BY user_id FOR UPDATE',
    [input.companyId],
  );
  const target = rows.find((row) => row.user_id === input.userId);
  if (!target) throw memberNotFound();
  const otherOwners = rows.filter((row) => row.role === 'owner' && row.user_id !== input.userId).length;
  return { role: target.role, otherOwners };
}

/** Another member's new role; the company always keeps an owner. */
export async function changeMemberRole(
  db: Db,
  input: { companyId: string; callerUserId: string; userId: string; role: Role },
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, input);
    if (target.role === 'owner' && input.role !== 'owner' && target.otherOwners === 0) {
      throw new HttpError(409, 'CONFLICT', LAST_OWNER_TEXT);
    }
    await tx.query('UPDATE memberships SET role = $3 WHERE company_id = $1 AND user_id = $2', [
      input.companyId,
      input.userId,
      input.role,
    ]);
    const { rows } = await tx.query<MemberRow>(
      `SELECT ${memberColumns} FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = $1 AND m.user_id = $2`,
      [input.companyId, input.userId],
    );
    return toMember(rows[0]!, input.callerUserId);
  });
}

/**
 * Takes someone out of the company, in one transaction: the membership goes (their tasks, deals and
 * messages stay, and so does their user row, so their name is still shown), every sign-in of theirs
 * ends (their next call is a 401, their refresh is refused), their current company becomes another
 * of theirs if they have one, and each company they might have a socket open on hears it at commit,
 * so the realtime server closes their sockets at once rather than at the next heartbeat.
 */
export async function removeMember(
  db: Db,
  input: { companyId: string; callerUserId: string; userId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, input);
    if (target.role === 'owner' && target.otherOwners === 0) {
      throw new HttpError(409, 'CONFLICT', LAST_OWNER_TEXT);
    }
    await tx.query('DELETE FROM memberships WHERE company_id = $1 AND user_id = $2', [
      input.companyId,
      input.userId,
    ]);
    // The foreign key cleared their current company if it was this one; another of theirs takes over.
    await tx.query(
      `UPDATE users SET current_company_id = (
                SELECT company_id FROM memberships WHERE user_id = $1 ORDER BY created_at, company_id LIMIT 1)
        WHERE id = $1 AND current_company_id IS NULL`,
      [input.userId],
    );
    await revokeUserSessions(tx, input.userId, 'member_removed');
    const { rows } = await tx.query<{ company_id: string }>(
      'SELECT company_id FROM memberships WHERE user_id = $1',
      [input.userId],
    );
    const event = realtimeEvent('team.member.removed', { userId: input.userId });
    await publishEvents(
      tx,
      [input.companyId, ...rows.map((row) => row.company_id)].map((companyId) => ({ companyId, event })),
    );
  });
}
