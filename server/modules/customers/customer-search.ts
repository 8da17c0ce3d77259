import { MIN_SEARCH_LENGTH, searchText } from '../../../contracts/search-text';

// Only what people type around phone numbers: "(11) 98765-4321", "+55 11 9876".
const PHONE_LIKE = /^[0-9\s()+.-]+$/;
// pg_trgm finds a LIKE pattern in its index only through a run of three word characters.
const TRIGRAM = /[\p{L}\p{N}]{3}/u;
// ASCII space and punctuation: what separates words (migration 042's customer_word_starts).
const LEADING_SEPARATORS = /^[ -/:-@[-`{-~]+/;

/** LIKE's wildcards and its escape character, escaped. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A name or e-mail search: the start of a word of either (customer_search_words, migration 042). */
export interface WordStartSearch {
  kind: 'word-start';
  /** What a word must start with, in searchText's form. */
  prefix: string;
  /** Its first characters, the index's key: 2 for a 2-character prefix, else 3. */
  key: string;
  /** `prefix%` with LIKE's wildcards escaped. */
  pattern: string;
}

/**
 * Anywhere in the name, e-mail or phone (the trigram or pairs index of migration 008): a phone's
 * digits, or a term with no word to start (punctuation up to its last character, as "@g").
 */
export interface SubstringSearch {
  kind: 'substring';
  /** The digits, or the term. */
  needle: string;
  /** `%needle%` with LIKE's wildcards escaped. */
  pattern: string;
  /** The trigram index can find it (a run of 3 letters or digits); else the pairs index does. */
  trigrams: boolean;
}

export type CustomerSearch = WordStartSearch | SubstringSearch;

/**
 * What a search term looks for, or null when it is too short to filter (spec §9). A term made only
 * of digits and phone punctuation looks for those digits in the phone, typed in any format, with or
 * without the ninth digit. Any other term finds the customers with a word of their name or e-mail
 * that starts with it ("sil" finds "Ana Silva" and "silva@loja.com", "ilva" does not); punctuation
 * it starts with ("@gmail") is left out, as no word starts with it.
 */
export function customerSearch(search: string | undefined): CustomerSearch | null {
  const term = searchText(search ?? '');
  if (term.length < MIN_SEARCH_LENGTH) return null;
  const digits = term.replace(/[^0-9]/g, '');
  if (PHONE_LIKE.test(term) && digits.length >= MIN_SEARCH_LENGTH) return substring(digits);
  const prefix = term.replace(LEADING_SEPARATORS, '');
  // Code points, as the database's left() counts them.
  const characters = [...prefix];
  if (characters.length < MIN_SEARCH_LENGTH) return substring(term);
  return {
    kind: 'word-start',
    prefix,
    key: characters.slice(0, characters.length === 2 ? 2 : 3).join(''),
    pattern: `${likeEscaped(prefix)}%`,
  };
}

function substring(needle: string): SubstringSearch {
  return { kind: 'substring', needle, pattern: `%${likeEscaped(needle)}%`, trigrams: TRIGRAM.test(needle) };
}
