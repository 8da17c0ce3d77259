import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types';

const SECRET_NAME = 'access_token_hs256';

/**
 * The HS256 key access tokens are signed with. AUTH_SECRET when set; otherwise a key generated once
 * and kept in the database, so every instance (and the next restart) signs and verifies alike.
 * Whichever instance inserts first wins; the others read its key.
 */
export async function loadSigningKey(db: Queryable, authSecret: string | undefined): Promise<Uint8Array> {
  if (authSecret) return new TextEncoder().encode(authSecret);
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    SECRET_NAME,
  ]);
  const value = rows[0]?.value;
  if (!value) throw new Error('the access token signing key could not be stored');
  return Buffer.from(value, 'base64url');
}
