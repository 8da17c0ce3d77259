import { normalizeCustomerPhone } from '../../../../contracts/brazil/customer-phone';

/**
 * The canonical WhatsApp id for a number the business writes to, as Meta answers it in
 * `contacts[].wa_id`: a Brazilian mobile written without its ninth digit gets it (the caller looks up
 * a customer who already wrote from the other form). Null when it cannot be a phone number (Meta
 * answers 131026 later).
 */
export function canonicalWaId(input: string): string | null {
  return normalizeCustomerPhone(input.startsWith('+') ? input : `+${input}`);
}
