import {
  REFERRAL_COMPANY_PARAM,
  REFERRAL_STORAGE_KEY,
  REFERRAL_USER_PARAM,
  type ReferralClaim,
  type ReferralRecord,
  referralClaimSchema,
  referralRecordSchema,
} from '../../../contracts/referral';

/** Branch's link data field naming the link that was clicked. */
const REFERRING_LINK_FIELD = '~referring_link';

/** Link data as it arrives (address parameters or Branch's `data_parsed`): anything, unchecked. */
export type ReferralLinkData = Record<string, unknown>;

/** Whether the data names a referrer at all (a visit with other parameters is no referral). */
export function namesReferrer(data: ReferralLinkData): boolean {
  return REFERRAL_USER_PARAM in data || REFERRAL_COMPANY_PARAM in data;
}

/**
 * Spec §3/§7: keeps the referral record when the link data has non-empty user_id and company_id;
 * otherwise it is ignored with a warning (spec §8) and false is answered. Storage failures throw:
 * the capture fails, which is only logged.
 */
export function keepReferral(data: ReferralLinkData, now = Date.now()): boolean {
  const referringLink = data[REFERRING_LINK_FIELD];
  const record = referralRecordSchema.safeParse({
    referrerId: data[REFERRAL_USER_PARAM],
    referrerCompanyId: data[REFERRAL_COMPANY_PARAM],
    branchLink: typeof referringLink === 'string' ? referringLink : '',
    timestamp: now,
  });
  if (!record.success) {
    console.warn('[referral] link data without user_id and company_id ignored', data);
    return false;
  }
  localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(record.data));
  return true;
}

/**
 * What the company's sign-up sends (POST /api/onboarding/company `referral`): the kept record as a
 * claim, or nothing. An ill-formed one is dropped with a warning: it never blocks the sign-up.
 */
export function referralClaim(): ReferralClaim | undefined {
  const raw = localStorage.getItem(REFERRAL_STORAGE_KEY);
  if (raw === null) return undefined;
  let stored: Partial<ReferralRecord> = {};
  try {
    stored = JSON.parse(raw) ?? {};
  } catch {
    // Unreadable: the same as ill-formed.
  }
  const claim = referralClaimSchema.safeParse({
    referrerId: stored.referrerId,
    referrerCompanyId: stored.referrerCompanyId,
    branchLink: stored.branchLink,
  });
  if (!claim.success) {
    console.warn('[referral] kept referral is ill-formed, not sent', raw);
    return undefined;
  }
  return claim.data;
}

/** Once the company is saved the referral has been sent: nothing more to keep. */
export function forgetReferral(): void {
  localStorage.removeItem(REFERRAL_STORAGE_KEY);
}
