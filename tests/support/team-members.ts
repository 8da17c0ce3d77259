import type { Role } from '../../contracts/roles';
import type { Db } from '../../server/db/types';
import { createTestAccount, type TestAccount } from './auth';

/**
 * A signed-in person who joined `companyId` with `role` and works in it, written directly (as an
 * accepted invitation leaves them) so role tests do not depend on the invitation pages.
 */
export async function createTeamMember(db: Db, companyId: string, role: Role): Promise<TestAccount> {
  const account = await createTestAccount(db, { company: false });
  await db.query('INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, $3)', [
    companyId,
    account.userId,
    role,
  ]);
  await db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [companyId, account.userId]);
  return { ...account, companyId };
}

/** What removing a member does: their membership goes and every sign-in of theirs ends at once. */
export async function removeTeamMember(db: Db, member: TestAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM memberships WHERE company_id = $1 AND user_id = $2', [
      member.companyId,
      member.userId,
    ]);
    await tx.query('UPDATE users SET current_company_id = NULL WHERE id = $1', [member.userId]);
    await tx.query('UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
      member.userId,
    ]);
  });
}
