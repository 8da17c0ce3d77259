import { MIN_SEARCH_LENGTH, searchText } from '../../../contracts/search-text';

// Only what people type around phone numbers: "(11) 98765-4321", "+55 11 9876".
const PHONE_LIKE = /^[0-9\s()+.-]+$/;
// pg_trgm finds a LIKE pattern in its index only through a run of three word characters.
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

export interface CustomerSearch {
  /** What to find, in searchText's form (the database applies customer_search_text to both sides). */
  needle: string;
  /** `%needle%` with LIKE's wildcards escaped. */
  pattern: string;
  /** The trigram index can find it (a run of 3 letters or digits); else the pairs index does. */
  trigrams: boolean;
}

/**
 * What a search term looks for, or null when it is too short to filter (spec §9). A term made only
 * of digits and phone punctuation looks for those digits in the phone, typed in any format, with or
 * without the ninth digit.
 */
export function customerSearch(search: string | undefined): CustomerSearch | null {
  const term = searchText(search ?? '');
  if (term.length < MIN_SEARCH_LENGTH) return null;
  const digits = term.replace(/[^0-9]/g, '');
  const needle = PHONE_LIKE.test(term) && digits.length >= MIN_SEARCH_LENGTH ? digits : term;
  return {
    needle,
    pattern: `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    trigrams: TRIGRAM.test(needle),
  };
}
