/**
 * A customer's WhatsApp number (issue: "the Brazilian ninth digit is recognised so one person is one
 * customer"). Brazilian mobiles gained a ninth digit (a leading 9) in 2012–2016, and WhatsApp still
 * reports many older accounts without it, so 55 11 8765-4321 and 55 11 98765-4321 are one person.
 * Pure functions shared by the client (preview, import) and the server (storage, uniqueness).
 */
import { BRAZIL_COUNTRY_CODE } from './mobile-phone';

export const CUSTOMER_PHONE_INVALID_TEXT =
  'Informe um telefone com DDD, por exemplo (11) 91234-5678, ou com o código do país (+1 …).';

/**
 * The number as stored: digits with the country code. Brazilian input may come without 55
 * (10 or 11 digits: DDD + number); a Brazilian mobile written without its ninth digit gets it back
 * (8-digit numbers starting with 6–9 are mobiles; 2–5 are landlines and stay as they are). A number
 * written with "+" keeps the country code it names. Returns null when it cannot be a phone number.
 */
export function normalizeCustomerPhone(input: string): string | null {
  const trimmed = input.trim();
  let digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2); // international dialling prefix
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  if (!international && digits.startsWith('0') && (digits.length === 11 || digits.length === 12)) {
    digits = digits.slice(1); // trunk prefix: 0 11 98765-4321
  }
  if (!international && (digits.length === 10 || digits.length === 11)) {
    digits = `${BRAZIL_COUNTRY_CODE}${digits}`;
  }
  if (digits.startsWith(BRAZIL_COUNTRY_CODE) && (digits.length === 12 || digits.length === 13)) {
    const ddd = digits.slice(2, 4);
    const local = digits.slice(4);
    if (!/^[1-9][0-9]$/.test(ddd)) return null;
    if (local.length === 8 && /^[6-9]/.test(local)) return `${BRAZIL_COUNTRY_CODE}${ddd}9${local}`;
    if (local.length === 9 && !local.startsWith('9')) return null;
    return digits;
  }
  if (digits.startsWith(BRAZIL_COUNTRY_CODE) && international) return null;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/**
 * The key that makes one person one customer: for a Brazilian mobile, country code + DDD + its last
 * eight digits (so the forms with and without the ninth digit match); otherwise the stored number.
 * Takes a stored (normalised) number.
 */
export function customerPhoneKey(stored: string): string {
  if (stored.startsWith(BRAZIL_COUNTRY_CODE) && stored.length === 13 && stored[4] === '9') {
    return `${stored.slice(0, 4)}${stored.slice(5)}`;
  }
  return stored;
}

/** How a stored number reads: (11) 98765-4321 for Brazil, +<digits> otherwise. */
export function formatCustomerPhone(stored: string): string {
  if (stored.startsWith(BRAZIL_COUNTRY_CODE) && (stored.length === 12 || stored.length === 13)) {
    const national = stored.slice(2);
    const split = national.length === 11 ? 7 : 6;
    return `(${national.slice(0, 2)}) ${national.slice(2, split)}-${national.slice(split)}`;
  }
  return `+${stored}`;
}

/** wa.me link for a stored number (opens a WhatsApp chat). */
export function whatsappChatUrl(stored: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${stored}${query}`;
}
