/**
 * Brazilian mobile numbers (spec §5): normalised to digits (a leading plus kept) before a
 * verification request; shown as (DD) 12345-6789 (11 digits) or (DD) 1234-5678 (10 digits);
 * country code 55. Pure functions shared by the client and the server.
 */

export const BRAZIL_COUNTRY_CODE = '55';

/** Digits only, a leading "+" kept (spec §5). */
export function normalizePhoneNumber(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[^0-9]/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** The national part (DDD + number) of a Brazilian number written with or without +55. */
export function nationalNumber(input: string): string {
  const digits = input.replace(/[^0-9]/g, '');
  if (digits.length > 11 && digits.startsWith(BRAZIL_COUNTRY_CODE)) return digits.slice(2);
  return digits;
}

/** Spec §5: the one helper that prepends the country code. */
export function withCountryCode(input: string): string {
  return `${BRAZIL_COUNTRY_CODE}${nationalNumber(input)}`;
}

/** DDDs in use in Brazil (Anatel): 11–19, 21–28, 31–38, 41–49, 51–55, 61–69, 71–79, 81–89, 91–99. */
const DDD = /^(1[1-9]|2[12478]|3[1-578]|4[1-9]|5[1345]|6[1-9]|7[13-579]|8[1-9]|9[1-9])$/;

/** A Brazilian mobile: a valid DDD and nine digits starting with 9 (with or without +55). */
export function isBrazilianMobile(input: string): boolean {
  const national = nationalNumber(input);
  return /^[0-9]{2}9[0-9]{8}$/.test(national) && DDD.test(national.slice(0, 2));
}

/**
 * (DD) 12345-6789 for 11 digits, (DD) 1234-5678 for 10, as far as the person has typed (a mask);
 * the country code, if any, is left out.
 */
export function formatBrazilianPhone(input: string): string {
  const digits = nationalNumber(input).slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const split = digits.length === 11 ? 7 : 6;
  const head = digits.slice(2, split);
  const tail = digits.slice(split);
  return `(${digits.slice(0, 2)}) ${head}${tail ? `-${tail}` : ''}`;
}
