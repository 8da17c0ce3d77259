/**
 * Idempotency-Key: a create (a contract marked `idempotent`) sent again with the same key is
 * answered with its first answer instead of being done twice (server/http/idempotency.ts). The
 * client sends one key per submission: "Salvar" pressed again with the same fields, after a
 * time-out or a network error, repeats the key; changed fields, or a new create after one went
 * through, get a new one.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;

const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** 1 to 255 visible ASCII characters, no spaces (a UUID fits). */
export function isIdempotencyKey(value: string): boolean {
  return KEY.test(value);
}
