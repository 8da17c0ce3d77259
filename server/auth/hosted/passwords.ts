import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): tens of milliseconds per guess
 * for an attacker with the table, while a small server can still hash several sign-ins at once.
 * verify() reads the parameters from the stored hash, so raising these later keeps old hashes working.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (no such account) it still runs one argon2
 * verification, against a throwaway hash with the same cost, so the time taken tells no one whether
 * the e-mail has an account; the answer is then always false.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}
