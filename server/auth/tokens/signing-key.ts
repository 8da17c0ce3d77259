import { randomBytes } from 'node:crypto';
import { loadServerSecret } from '../../db/server-secret';
import type { Queryable } from '../../db/types';

const SECRET_NAME = 'access_token_hs256';

/**
 * The HS256 key access tokens are signed with. AUTH_SECRET when set; otherwise a key generated once
 * and kept in the database, so every instance (and the next restart) signs and verifies alike.
 * Whichever instance inserts first wins; the others read its key.
 */
export async function loadSigningKey(db: Queryable, authSecret: string | undefined): Promise<Uint8Array> {
  if (authSecret) return new TextEncoder().encode(authSecret);
  const value = await loadServerSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}
