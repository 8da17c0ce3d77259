import { MIN_SEARCH_LENGTH } from '../../contracts/search-text';

/** Spec §5: a search applies from 2 characters (trimmed); shorter lists everyone (''). */
export function appliedSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : '';
}
