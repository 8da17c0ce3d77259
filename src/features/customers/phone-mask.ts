import { BRAZIL_COUNTRY_CODE, formatBrazilianPhone } from '../../../contracts/brazil/mobile-phone';

/** E.164 allows 15 digits. */
const INTERNATIONAL_DIGITS_MAX = 15;

/**
 * The WhatsApp field as the person types. A Brazilian number takes the (11) 98765-4321 mask (a
 * pasted 55 in front or a trunk 0 is dropped); one written with "+55" keeps it: +55 (11) 98765-4321.
 * Another country's number starts with "+" and is kept as "+" and its digits.
 */
export function maskCustomerPhone(text: string): string {
  const trimmed = text.trimStart();
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.startsWith(BRAZIL_COUNTRY_CODE) && digits.length > 2) {
      return `+${BRAZIL_COUNTRY_CODE} ${formatBrazilianPhone(digits.slice(2, 13))}`;
    }
    return `+${digits.slice(0, INTERNATIONAL_DIGITS_MAX)}`;
  }
  return formatBrazilianPhone(digits.replace(/^0+/, ''));
}
