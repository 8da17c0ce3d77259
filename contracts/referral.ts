import * as z from 'zod/mini';

/**
 * Indique e Ganhe (spec §2 `/` and `/settings/invite`, §3, §7; issue 17): the referral record a
 * newcomer's browser keeps from arrival until the company is created, what the sign-up sends, and
 * what the invite page reads.
 */

/** Where arrival keeps the referral record until the company is created (browser local storage). */
export const REFERRAL_STORAGE_KEY = 'fechai.referral';

/** The link's query parameters (and Branch's link data fields) naming who referred. */
export const REFERRAL_USER_PARAM = 'user_id';
export const REFERRAL_COMPANY_PARAM = 'company_id';

const nonEmpty = z.string().check(z.minLength(1));

/** Spec §3 "Referral record": branchLink may be empty; timestamp in ms. */
export const referralRecordSchema = z.object({
  referrerId: nonEmpty,
  referrerCompanyId: nonEmpty,
  branchLink: z.string(),
  timestamp: z.number(),
});
export type ReferralRecord = z.infer<typeof referralRecordSchema>;

export const BRANCH_LINK_MAX = 2048;

/**
 * Sent with "Sobre sua empresa" (POST /api/onboarding/company, optional `referral`) the first time
 * the company is created. The server records it only when the referrer is a member of that company,
 * is not the newcomer's own company, and the new company has no referral yet; otherwise it is left
 * out (logged) and the sign-up goes on.
 */
export const referralClaimSchema = z.strictObject({
  referrerId: z.uuid(),
  referrerCompanyId: z.uuid(),
  branchLink: z.string().check(z.maxLength(BRANCH_LINK_MAX)),
});
export type ReferralClaim = z.infer<typeof referralClaimSchema>;

const count = z.number().check(z.int(), z.gte(0));

/** An install: a referred company that finished sign-up; a watcher: one that connected its WhatsApp. */
export const referredCountersSchema = z.object({ totalInstall: count, totalWatcher: count });
export type ReferredCounters = z.infer<typeof referredCountersSchema>;

/** One reward the caller's company earned: a referred company paid its first subscription. */
export const referralRewardSchema = z.object({
  id: z.string(),
  /** What it is, in pt-BR ("1 mês grátis"). */
  description: z.string(),
  /** The credit on the next invoice, in cents (BRL). */
  amountCents: count,
  /** ISO 8601: when the referred company's first payment earned it. */
  earnedAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

/** Spec §3 "Referral data": referralLinks (or a single referralUrl), the counters, this week's. */
export const referralDataSchema = z.object({
  referralLinks: z.optional(z.array(z.string())),
  referralUrl: z.optional(z.string()),
  referredCounters: referredCountersSchema,
  /** The same counters for the current week (Monday 00:00, America/Sao_Paulo). */
  currentCampaign: referredCountersSchema,
  rewards: z.array(referralRewardSchema),
});
export type ReferralData = z.infer<typeof referralDataSchema>;

export const getReferralContract = {
  method: 'GET',
  url: '/api/settings/referral',
  response: referralDataSchema,
} as const;

export const REFERRAL_FETCH_FAILED_TEXT = 'Failed to fetch referral data';
