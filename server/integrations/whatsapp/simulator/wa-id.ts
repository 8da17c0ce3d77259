import { customerPhoneKey, normalizeCustomerPhone } from '../../../../contracts/brazil/customer-phone';

/**
 * The canonical WhatsApp id for a number the business writes to, as Meta answers it in
 * `contacts[].wa_id`: the number of the account WhatsApp knows for that person. Someone who already
 * wrote from one form of a Brazilian mobile (with or without the ninth digit) is that form;
 * otherwise a Brazilian mobile written without its ninth digit gets it. Null when it cannot be a
 * phone number (Meta answers 131026 later).
 */
export function canonicalWaId(input: string, knownCustomers: readonly string[]): string | null {
  const normalized = normalizeCustomerPhone(input.startsWith('+') ? input : `+${input}`);
  if (!normalized) return null;
  const key = customerPhoneKey(normalized);
  return knownCustomers.find((known) => customerPhoneKey(known) === key) ?? normalized;
}

/** The key under which both forms of a Brazilian mobile are one person (as customers' phone_key). */
export function waIdKey(waId: string): string {
  return customerPhoneKey(waId);
}
