import { REFERRAL_COMPANY_PARAM, REFERRAL_USER_PARAM, type ReferralData } from '../../../contracts/referral';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { rewardDescription } from './referral-rewards';

/** The week's campaign starts on Monday 00:00 in Brazil (Postgres weeks start on Monday). */
const WEEK_START = `date_trunc('week', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'`;

/** The caller's own referral link: the app's origin with who refers, as arrival on `/` reads it. */
export function referralLink(appUrl: string, userId: string, companyId: string): string {
  const url = new URL('/', appUrl);
  url.searchParams.set(REFERRAL_USER_PARAM, userId);
  url.searchParams.set(REFERRAL_COMPANY_PARAM, companyId);
  return url.toString();
}

/** The invite page's data for the caller's company: its link, counters (all time, this week) and rewards. */
export async function loadReferralData(
  q: Queryable,
  caller: { userId: string; companyId: string },
  appUrl: string,
): Promise<ReferralData> {
  const counters = await q.query<{
    total_install: string | number;
    total_watcher: string | number;
    week_install: string | number;
    week_watcher: string | number;
  }>(
    `SELECT count(installed_at) AS total_install,
            count(watcher_at) AS total_watcher,
            count(*) FILTER (WHERE installed_at >= ${WEEK_START}) AS week_install,
            count(*) FILTER (WHERE watcher_at >= ${WEEK_START}) AS week_watcher
       FROM referrals WHERE referrer_company_id = $1`,
    [caller.companyId],
  );
  const rewards = await q.query<{ id: string; months: number; amount_cents: number; earned_at: Timestamp }>(
    `SELECT id, months, amount_cents, earned_at FROM referral_rewards
      WHERE company_id = $1 ORDER BY earned_at DESC, id`,
    [caller.companyId],
  );
  const row = counters.rows[0];
  return {
    referralLinks: [referralLink(appUrl, caller.userId, caller.companyId)],
    referredCounters: {
      totalInstall: Number(row?.total_install ?? 0),
      totalWatcher: Number(row?.total_watcher ?? 0),
    },
    currentCampaign: {
      totalInstall: Number(row?.week_install ?? 0),
      totalWatcher: Number(row?.week_watcher ?? 0),
    },
    rewards: rewards.rows.map((reward) => ({
      id: reward.id,
      description: rewardDescription(reward.months),
      amountCents: reward.amount_cents,
      earnedAt: reward.earned_at,
    })),
  };
}
