import {
  ALREADY_INVITED_TEXT,
  ALREADY_MEMBER_TEXT,
  INVITATION_DAYS,
  INVITATION_NOT_FOUND_TEXT,
  INVITATION_RESEND_TOO_SOON_TEXT,
  type TeamInvitation,
} from '../../../contracts/team';
import { hashToken, newOpaqueToken } from '../../auth/tokens/opaque-token';
import type { Timestamp } from '../../db/timestamp';
import type { Db, Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import type { PublicUrls } from '../../http/public-urls';
import { enqueueEmail } from '../../integrations/mail/enqueue-email';
import { companyDisplayName } from './company-name';
import { invitationMessage } from './invitation-mail';

type InvitationRow = {
  id: string;
  email: string;
  role: 'manager' | 'staff';
  invited_by_name: string | null;
  created_at: Timestamp;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  resend_at: Timestamp;
  expired: boolean;
};

/** The columns of an InvitationRow over `team_invitations i` (the resend time by the database's clock). */
const invitationColumns = `i.id, i.email, i.role,
  (SELECT name FROM users WHERE id = i.invited_by_user_id) AS invited_by_name,
  i.created_at, i.last_sent_at, i.expires_at,
  i.last_sent_at + make_interval(secs => $2) AS resend_at,
  i.expires_at <= now() AS expired`;

function toInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedByName: row.invited_by_name,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
    expiresAt: row.expires_at,
    resendAvailableAt: row.resend_at,
    expired: row.expired,
  };
}

/** The company's open invitations (expired ones included, so they can be resent), newest first. */
export async function listOpenInvitations(
  q: Queryable,
  companyId: string,
  resendSeconds: number,
): Promise<TeamInvitation[]> {
  const { rows } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM team_invitations i
      WHERE i.company_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL
      ORDER BY i.created_at DESC, i.id`,
    [companyId, resendSeconds],
  );
  return rows.map(toInvitation);
}

async function loadInvitation(
  q: Queryable,
  companyId: string,
  invitationId: string,
  resendSeconds: number,
): Promise<TeamInvitation> {
  const { rows } = await q.query<InvitationRow>(
    `SELECT ${invitationColumns} FROM team_invitations i WHERE i.company_id = $1 AND i.id = $3`,
    [companyId, resendSeconds, invitationId],
  );
  return toInvitation(rows[0]!);
}

/** E-mails the link with a new secret; the invitation row must already hold its hash. */
async function sendInvitationEmail(
  q: Queryable,
  links: Pick<PublicUrls, 'appUrl'>,
  input: { invitationId: string; token: string },
): Promise<void> {
  const { rows } = await q.query<{
    email: string;
    role: 'manager' | 'staff';
    company_name: string;
    inviter: string | null;
  }>(
    `SELECT i.email, i.role, ${companyDisplayName('c')} AS company_name, u.name AS inviter
       FROM team_invitations i JOIN companies c ON c.id = i.company_id
       LEFT JOIN users u ON u.id = i.invited_by_user_id
      WHERE i.id = $1`,
    [input.invitationId],
  );
  const row = rows[0]!;
  await enqueueEmail(
    q,
    invitationMessage(links, {
      to: row.email,
      token: input.token,
      companyName: row.company_name,
      inviterName: row.inviter,
      role: row.role,
      days: INVITATION_DAYS,
    }),
  );
}

export interface InviteInput {
  companyId: string;
  inviterUserId: string;
  email: string;
  role: 'manager' | 'staff';
  resendSeconds: number;
  links: Pick<PublicUrls, 'appUrl'>;
}

/**
 * A new invitation and its e-mail, in one transaction. 409 when the address already belongs to a
 * member (the inviter included) or already has an open invitation (expired or not: that one is resent).
 */
export async function invite(db: Db, input: InviteInput): Promise<TeamInvitation> {
  return db.transaction(async (tx) => {
    // One invite at a time per company: the checks below and the insert see the same team.
    await tx.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [input.companyId]);
    const member = await tx.query(
      `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = $1 AND u.email = $2`,
      [input.companyId, input.email],
    );
    if (member.rows.length > 0) throw new HttpError(409, 'CONFLICT', ALREADY_MEMBER_TEXT);
    const open = await tx.query(
      `SELECT 1 FROM team_invitations
        WHERE company_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
      [input.companyId, input.email],
    );
    if (open.rows.length > 0) throw new HttpError(409, 'CONFLICT', ALREADY_INVITED_TEXT);

    const token = newOpaqueToken();
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO team_invitations (company_id, email, role, token_hash, invited_by_user_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))
       RETURNING id`,
      [input.companyId, input.email, input.role, hashToken(token), input.inviterUserId, INVITATION_DAYS],
    );
    const invitationId = rows[0]!.id;
    await sendInvitationEmail(tx, input.links, { invitationId, token });
    return loadInvitation(tx, input.companyId, invitationId, input.resendSeconds);
  });
}

/** The 429 of a resend inside the wait; the route copies `retryAfterSeconds` into Retry-After. */
export class ResendTooSoonError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', INVITATION_RESEND_TOO_SOON_TEXT);
  }
}

const notFound = () => new HttpError(404, 'NOT_FOUND', INVITATION_NOT_FOUND_TEXT);

/**
 * Sends an open invitation again with a new secret (the old link stops working) and a new expiry.
 * 404 unless it is the company's and open; 429 sooner than `resendSeconds` after the last send.
 */
export async function resendInvitation(
  db: Db,
  input: {
    companyId: string;
    invitationId: string;
    resendSeconds: number;
    links: Pick<PublicUrls, 'appUrl'>;
  },
): Promise<TeamInvitation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ wait_seconds: number }>(
      `SELECT ceil(extract(epoch FROM (last_sent_at + make_interval(secs => $3) - now())))::int AS wait_seconds
         FROM team_invitations
        WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL
        FOR UPDATE`,
      [input.companyId, input.invitationId, input.resendSeconds],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.wait_seconds > 0) throw new ResendTooSoonError(row.wait_seconds);
    const token = newOpaqueToken();
    await tx.query(
      `UPDATE team_invitations
          SET token_hash = $2, last_sent_at = now(), send_count = send_count + 1,
              expires_at = now() + make_interval(days => $3)
        WHERE id = $1`,
      [input.invitationId, hashToken(token), INVITATION_DAYS],
    );
    await sendInvitationEmail(tx, input.links, { invitationId: input.invitationId, token });
    return loadInvitation(tx, input.companyId, input.invitationId, input.resendSeconds);
  });
}

/** Ends an open invitation: its link then shows `revoked`. 404 unless it is the company's and open. */
export async function revokeInvitation(q: Queryable, companyId: string, invitationId: string): Promise<void> {
  const { rowCount } = await q.query(
    `UPDATE team_invitations SET revoked_at = now()
      WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [companyId, invitationId],
  );
  if (rowCount === 0) throw notFound();
}
