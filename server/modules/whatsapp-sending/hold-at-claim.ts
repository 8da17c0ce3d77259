import type { Queryable } from '../../db/types';
import { pastCutOffSql } from './follow-up-cutoff';
import { moveFollowUps } from './follow-up-state';

/** Why a follow-up is not sent at its claim: past the cut-off, or its customer is paused. */
export type HoldAtClaim = 'expired' | 'paused';

/**
 * SQL for why the follow-up `m` of the customer `c` is held back at its send's claim, or NULL:
 * past the cut-off it is `expired`; to a customer whose follow-ups the owner paused by answering
 * from the phone it is `paused`, unless the owner asked for this one with "Enviar agora" after that
 * pause. Expiry comes first: resuming could not send it anyway. Read in the claim's own SELECT, so
 * the common case (nothing held) costs no statement of its own.
 */
export const holdAtClaimSql = (m: string, c: string, hoursParam: string) =>
  `CASE WHEN ${pastCutOffSql(m, hoursParam)} THEN 'expired'
        WHEN ${c}.follow_ups_paused_at IS NOT NULL
             AND (${m}.send_requested_at IS NULL OR ${m}.send_requested_at < ${c}.follow_ups_paused_at)
          THEN 'paused'
   END`;

/** Holds the still scheduled follow-up back as decided (open tabs are told on commit). */
export async function holdBackAtClaim(
  tx: Queryable,
  companyId: string,
  messageId: string,
  hold: HoldAtClaim,
): Promise<void> {
  await moveFollowUps(
    tx,
    companyId,
    [messageId],
    ['scheduled'],
    hold,
    hold === 'expired' ? 'EXPIRED' : 'PAUSED',
  );
}
