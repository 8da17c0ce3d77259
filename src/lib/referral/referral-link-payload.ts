import type { BranchLinkData } from 'branch-sdk';
import { REFERRAL_COMPANY_PARAM, REFERRAL_USER_PARAM } from '../../../contracts/referral';

/** What a shared referral link shows in WhatsApp and other apps' previews (spec §3: Portuguese). */
export const REFERRAL_LINK_TITLE = 'Venha para o Fechaí';
export const REFERRAL_LINK_DESCRIPTION =
  'Organize o atendimento no WhatsApp e feche mais vendas. Crie sua conta pelo meu convite.';

/**
 * Spec §3 "Referral link payload": feature "referrals", campaign "member_get_member", a canonical
 * identifier of the encoded user id and company id, the Portuguese title and description, every
 * fallback and platform URL the app's own "/" (carrying who referred, so "/" captures it even where
 * Branch cannot match the visit), web only, and user_id / company_id as link data.
 */
export function referralLinkPayload(userId: string, companyId: string, origin: string): BranchLinkData {
  const landing = new URL('/', origin);
  landing.searchParams.set(REFERRAL_USER_PARAM, userId);
  landing.searchParams.set(REFERRAL_COMPANY_PARAM, companyId);
  const url = landing.toString();
  return {
    feature: 'referrals',
    campaign: 'member_get_member',
    data: {
      $canonical_identifier: `referral/${encodeURIComponent(userId)}/${encodeURIComponent(companyId)}`,
      $og_title: REFERRAL_LINK_TITLE,
      $og_description: REFERRAL_LINK_DESCRIPTION,
      $fallback_url: url,
      $desktop_url: url,
      $ios_url: url,
      $android_url: url,
      $web_only: true,
      [REFERRAL_USER_PARAM]: userId,
      [REFERRAL_COMPANY_PARAM]: companyId,
    },
  };
}
