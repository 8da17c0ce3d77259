import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An id shaped like Stripe's: a prefix (`cus`, `sub`, `cs_test`…) and 24 random letters and digits. */
export function stripeId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}
