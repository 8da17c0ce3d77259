import type { ReferralData } from '../../contracts/referral';

/** The person's referral link: the link service's when it made one, else the server's first link. */
export function inviteLinkOf(serviceLink: string | null, referral: ReferralData): string | null {
  return serviceLink || referral.referralLinks?.[0] || referral.referralUrl || null;
}

/** What the WhatsApp message says before the link. */
export const INVITE_SHARE_MESSAGE =
  'Estou usando o Fechaí para organizar meus clientes no WhatsApp. Cadastre sua empresa pelo meu link:';

/** A WhatsApp share link (wa.me) whose message carries the referral link. */
export function whatsappShareUrl(link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${INVITE_SHARE_MESSAGE} ${link}`)}`;
}
