/**
 * Money fields fill from the cents, as Brazilian banking apps do: each digit typed shifts in from
 * the right (1 → R$ 0,01, 12 → R$ 0,12, 1234 → R$ 12,34), and erasing takes the last one out.
 */

/** The cents what the field now holds stands for; null when it holds no digit. */
export function centsFromTyped(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits === '' ? null : Number(digits);
}
