import type { ReferralClaim } from '../../../contracts/referral';
import type { Queryable } from '../../db/types';

export interface ReferralLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Records who referred a company, inside the transaction that created it. Only a referrer who is a
 * member of the company they name, in a company the newcomer does not belong to, and not the newcomer
 * themself; a company is referred once (the unique referred_company_id). Anything else is left out
 * with a warning: the sign-up goes on unchanged.
 */
export async function recordReferral(
  tx: Queryable,
  input: { referredCompanyId: string; userId: string; claim: ReferralClaim },
  log: ReferralLog,
): Promise<boolean> {
  const { referredCompanyId, userId, claim } = input;
  const refused = (reason: string) => {
    log.warn(
      { referredCompanyId, referrerId: claim.referrerId, referrerCompanyId: claim.referrerCompanyId, reason },
      'referral claim left out',
    );
    return false;
  };
  if (claim.referrerId === userId) return refused('self-referral');
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO referrals (referred_company_id, referrer_company_id, referrer_user_id, branch_link)
     SELECT $1, m.company_id, m.user_id, $4 FROM memberships m
      WHERE m.user_id = $2 AND m.company_id = $3 AND m.company_id <> $1
        AND NOT EXISTS (SELECT 1 FROM memberships own WHERE own.user_id = $5 AND own.company_id = m.company_id)
     ON CONFLICT (referred_company_id) DO NOTHING
     RETURNING id`,
    [referredCompanyId, claim.referrerId, claim.referrerCompanyId, claim.branchLink, userId],
  );
  if (rows.length === 0)
    return refused('referrer not a member of that company, own company, or already referred');
  return true;
}
