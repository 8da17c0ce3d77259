import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens, e-mail links, the hosted login's cookie. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough here (unlike passwords):
 * the input is 256 random bits, so there is nothing to guess, and lookups stay one index probe.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
