import { customerPhoneKey, normalizeCustomerPhone } from '../../../../contracts/brazil/customer-phone';

/**
 * The canonical WhatsApp id for a number the business writes to, as Meta answers it in
 * `contacts[].wa_id`: a Brazilian mobile written without its ninth digit gets it (the caller looks up
 * a customer who already wrote from the other form). Null when it cannot be a phone number (Meta
 * answers 131026 later).
 */
export function canonicalWaId(input: string): string | null {
  return normalizeCustomerPhone(input.startsWith('+') ? input : `+${input}`);
}

/**
 * A number the business writes to, as the simulator keys its people: its digits, their canonical
 * WhatsApp id (null when it cannot be one) and the phone key (the Brazilian ninth digit dropped).
 */
export function recipientOf(to: string): { digits: string; waId: string | null; key: string } {
  const digits = to.replace(/[^0-9]/g, '');
  const waId = canonicalWaId(digits);
  return { digits, waId, key: customerPhoneKey(waId ?? digits) };
}
