import { realtimeEvent } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import { publishEvent } from '../../realtime/event-bus';

const columns = { install: 'installed_at', watcher: 'watcher_at' } as const;

/**
 * A referred company finished sign-up (install) or first connected its WhatsApp (watcher): counted
 * once, and the referrer company's pages hear of it when `tx` commits. Nothing for a company nobody
 * referred.
 */
export async function countReferral(
  tx: Queryable,
  referredCompanyId: string,
  kind: keyof typeof columns,
): Promise<void> {
  const column = columns[kind];
  const { rows } = await tx.query<{ referrer_company_id: string }>(
    `UPDATE referrals SET ${column} = now()
      WHERE referred_company_id = $1 AND ${column} IS NULL
      RETURNING referrer_company_id`,
    [referredCompanyId],
  );
  const row = rows[0];
  if (row)
    await publishEvent(tx, row.referrer_company_id, realtimeEvent('referral.updated', { reason: kind }));
}
