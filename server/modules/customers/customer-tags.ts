import { CUSTOMER_TAG_MAX, CUSTOMER_TAGS_MAX } from '../../../contracts/customers';

/**
 * Tags as stored: trimmed, empty ones dropped, unique regardless of case (the first spelling wins),
 * in the order given. `lenient` (imports) cuts what the form would refuse instead of failing.
 */
export function uniqueTags(tags: readonly string[], { lenient = false } = {}): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    let tag = raw.trim().replace(/\s+/g, ' ');
    if (lenient) tag = tag.slice(0, CUSTOMER_TAG_MAX).trim();
    if (!tag) continue;
    const key = tag.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
    if (lenient && result.length === CUSTOMER_TAGS_MAX) break;
  }
  return result;
}
