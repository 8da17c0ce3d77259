import type { Role } from '../../../contracts/roles';
import {
  INVITATION_GONE_TEXT,
  INVITATION_NOT_FOUND_TEXT,
  INVITATION_OTHER_EMAIL_TEXT,
} from '../../../contracts/team';
import { hashToken } from '../../auth/tokens/opaque-token';
import type { Db, Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { completeInviteeSignup } from '../onboarding/invitee-signup';
import { companyDisplayName } from './company-name';

export type InvitationStatus = 'open' | 'accepted' | 'revoked' | 'expired';

/** SQL of an invitation's status over `team_invitations i`: an ended one says how it ended. */
const statusSql = `CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted'
                        WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                        WHEN i.expires_at <= now() THEN 'expired'
                        ELSE 'open' END`;

const notFound = () => new HttpError(404, 'NOT_FOUND', INVITATION_NOT_FOUND_TEXT);

/** Whether `token` is the secret of an invitation still open for `email` (the hosted sign-up asks). */
export async function isOpenInvitationFor(q: Queryable, token: string, email: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM team_invitations i WHERE i.token_hash = $1 AND i.email = $2 AND ${statusSql} = 'open'`,
    [hashToken(token), email],
  );
  return rows.length > 0;
}

export interface InvitationPreview {
  companyName: string;
  invitedByName: string | null;
  email: string;
  role: Role;
  status: InvitationStatus;
}

/** What the invitation page shows before anyone signs in; 404 for a secret no invitation has. */
export async function previewInvitation(q: Queryable, token: string): Promise<InvitationPreview> {
  const { rows } = await q.query<{
    company_name: string;
    invited_by_name: string | null;
    email: string;
    role: Role;
    status: InvitationStatus;
  }>(
    `SELECT ${companyDisplayName('c')} AS company_name, u.name AS invited_by_name, i.email, i.role,
            ${statusSql} AS status
       FROM team_invitations i JOIN companies c ON c.id = i.company_id
       LEFT JOIN users u ON u.id = i.invited_by_user_id
      WHERE i.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return {
    companyName: row.company_name,
    invitedByName: row.invited_by_name,
    email: row.email,
    role: row.role,
    status: row.status,
  };
}

/**
 * The signed-in person joins the company of an open invitation sent to their e-mail, in one
 * transaction: the membership (its role, who invited), the company becomes their current one, the
 * invitation is accepted and their e-mail verified (the link reached that inbox); their sign-up is
 * complete once their own name and phone are (server/modules/onboarding/invitee-signup.ts). Accepting again
 * answers the same company while they are still in it. 404 unknown secret, 410 no longer open,
 * 403 another e-mail.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; userId: string },
): Promise<{ companyId: string; role: Role }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      company_id: string;
      email: string;
      role: Role;
      invited_by_user_id: string | null;
      accepted_by_user_id: string | null;
      status: InvitationStatus;
    }>(
      `SELECT i.id, i.company_id, i.email, i.role, i.invited_by_user_id, i.accepted_by_user_id,
              ${statusSql} AS status
         FROM team_invitations i WHERE i.token_hash = $1 FOR UPDATE`,
      [hashToken(input.token)],
    );
    const invitation = rows[0];
    if (!invitation) throw notFound();

    if (invitation.status === 'accepted' && invitation.accepted_by_user_id === input.userId) {
      const membership = await tx.query<{ role: Role }>(
        'SELECT role FROM memberships WHERE company_id = $1 AND user_id = $2',
        [invitation.company_id, input.userId],
      );
      const role = membership.rows[0]?.role;
      // Removed since: the link does not bring them back.
      if (!role) throw new HttpError(410, 'INVITATION_GONE', INVITATION_GONE_TEXT);
      return { companyId: invitation.company_id, role };
    }
    if (invitation.status !== 'open') throw new HttpError(410, 'INVITATION_GONE', INVITATION_GONE_TEXT);

    const user = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [
      input.userId,
    ]);
    if (user.rows[0]?.email !== invitation.email) {
      throw new HttpError(403, 'FORBIDDEN', INVITATION_OTHER_EMAIL_TEXT);
    }

    // Already in (joined through another way meanwhile): they keep the role they have.
    await tx.query(
      `INSERT INTO memberships (company_id, user_id, role, invited_by_user_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, company_id) DO NOTHING`,
      [invitation.company_id, input.userId, invitation.role, invitation.invited_by_user_id],
    );
    await tx.query(
      `UPDATE users SET current_company_id = $2, email_verified_at = COALESCE(email_verified_at, now())
        WHERE id = $1`,
      [input.userId, invitation.company_id],
    );
    await tx.query(
      'UPDATE team_invitations SET accepted_at = now(), accepted_by_user_id = $2 WHERE id = $1',
      [invitation.id, input.userId],
    );
    // Someone who had confirmed their name and phone (onboarding stopped before a trial) is done.
    await completeInviteeSignup(tx, input.userId);
    const membership = await tx.query<{ role: Role }>(
      'SELECT role FROM memberships WHERE company_id = $1 AND user_id = $2',
      [invitation.company_id, input.userId],
    );
    return { companyId: invitation.company_id, role: membership.rows[0]!.role };
  });
}
