import { whatsappChatUrl } from '../../../contracts/brazil/customer-phone';
import { ASSISTANT_PHONE, SUPPORT_PHONE } from '../build-config';

/**
 * Spec §9: "Assistant phone number and support number exist as constants". Both are WhatsApp
 * numbers (digits with the country code), set when the client is built (SUPPORT_PHONE,
 * ASSISTANT_PHONE; defaults in scripts/client-defines.ts).
 */
export { ASSISTANT_PHONE, SUPPORT_PHONE };

/** What the chat with support starts with, so the team knows where the person came from. */
export const SUPPORT_GREETING = 'Olá! Uso o Fechaí e preciso de ajuda.';

/** What the chat with the assistant starts with. */
export const ASSISTANT_GREETING = 'Olá! Quero falar com o assistente do Fechaí.';

/** Opens a WhatsApp chat with support, the greeting typed in. */
export function supportChatUrl(text: string = SUPPORT_GREETING): string {
  return whatsappChatUrl(SUPPORT_PHONE, text);
}

/** Opens a WhatsApp chat with the AI assistant, the greeting typed in. */
export function assistantChatUrl(text: string = ASSISTANT_GREETING): string {
  return whatsappChatUrl(ASSISTANT_PHONE, text);
}
