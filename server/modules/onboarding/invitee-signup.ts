import type { Queryable } from '../../db/types';

/**
 * An invited person's sign-up ends with their own name and phone (issue 15): the company they joined
 * is the inviter's, with its own subscription, so there is no company step and no trial. Marks sign-up
 * complete when their current company came from an invitation they accepted, they are still in it,
 * and both their steps are done; changes nothing otherwise. Run in the command's transaction after
 * accepting an invitation and after the phone is verified.
 */
export async function completeInviteeSignup(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE users u SET signup_completed_at = now()
      WHERE u.id = $1 AND u.signup_completed_at IS NULL
        AND u.name_confirmed_at IS NOT NULL
        AND u.mobile_phone IS NOT NULL AND u.mobile_phone_verified_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM memberships m
                     WHERE m.user_id = u.id AND m.company_id = u.current_company_id)
        AND EXISTS (SELECT 1 FROM team_invitations i
                     WHERE i.accepted_by_user_id = u.id AND i.company_id = u.current_company_id)`,
    [userId],
  );
}
