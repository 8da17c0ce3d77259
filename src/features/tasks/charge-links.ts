import { assistantChatUrl } from '../../lib/support/support-contacts';

/**
 * The task detail's card promoting charging the customer through the bank (spec §1, §9). Remote
 * config (charge_with_nu_uri_web, why_charge_with_nu_uri) may override both.
 */

/** Where a charge is created: the bank's site. */
export const CHARGE_CREATION_URL = 'https://nubank.com.br/';

/** What the chat with the assistant starts with when the owner asks why. */
export const WHY_CHARGE_GREETING = 'Olá! Quero entender por que cobrar meus clientes pelo app do banco.';

/** Spec §9: "a WhatsApp chat link", with the assistant. */
export const WHY_CHARGE_URL = assistantChatUrl(WHY_CHARGE_GREETING);
