/** An optional text of a body (already trimmed by its contract) as stored: empty means none (null). */
export function blankToNull(text: string | null | undefined): string | null {
  return text ? text : null;
}
