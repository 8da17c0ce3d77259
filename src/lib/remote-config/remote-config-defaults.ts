import type { RemoteConfigValues } from '../../../machines/remote-config/remote-config-values';
import { assistantChatUrl } from '../support/support-contacts';

/**
 * Spec §9's in-code defaults, used until a source answers and whenever it fails: the invite texts
 * ("Indique e ganhe", "Convide e ganhe", no current-week counter) and the charge links (the bank's
 * charging assistant, and a WhatsApp chat with our assistant about why).
 */

/** The bank's charging-assistant set-up for businesses (not its home page). */
export const DEFAULT_CHARGE_CREATION_URL = 'https://nubank.com.br/empresas/assistente-de-cobrancas/';

/** What the chat with the assistant starts with when the owner asks why. */
export const WHY_CHARGE_GREETING = 'Olá! Quero entender por que cobrar meus clientes pelo app do banco.';

export const remoteConfigDefaults: RemoteConfigValues = {
  invitePage: {},
  invitePageConfig: { badge: 'Indique e ganhe', title: 'Convide e ganhe', current_week_enabled: false },
  referralProgramme: {},
  charge: {
    chargeCreationUrl: DEFAULT_CHARGE_CREATION_URL,
    whyChargeUrl: assistantChatUrl(WHY_CHARGE_GREETING),
  },
};
