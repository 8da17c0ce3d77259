import { normalizePhoneNumber, withCountryCode } from '../../../contracts/brazil/mobile-phone';

/** A mobile as typed ((11) 91234-5678, +55 11 91234-5678…) as it is stored: digits with 55. */
export function storedPhoneNumber(input: string): string {
  return withCountryCode(normalizePhoneNumber(input));
}

/** The stored digits as providers address them (E.164). */
export function e164(stored: string): string {
  return `+${stored}`;
}
