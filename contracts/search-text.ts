/**
 * Text as search compares it (issue: accent-insensitive search): lower case, accents and other
 * combining marks removed, runs of spaces collapsed. The server stores this form of a customer's
 * name and e-mail beside them; the client highlights with the same rule.
 */
export function searchText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec §5/§9: a search needs at least 2 characters (after trimming); shorter lists everything. */
export const MIN_SEARCH_LENGTH = 2;
