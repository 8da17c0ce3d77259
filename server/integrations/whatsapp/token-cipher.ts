import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadServerSecret } from '../../db/server-secret';
import type { Queryable } from '../../db/types';

/**
 * Business tokens at rest: AES-256-GCM, stored as `iv.tag.ciphertext` (base64url). The company id
 * is authenticated with it, so a token copied onto another company's row does not open.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_SECRET_NAME = 'whatsapp_token_key';

export class TokenCipherError extends Error {
  override name = 'TokenCipherError';
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new TokenCipherError('the token key must be 32 bytes');
}

export function sealToken(key: Buffer, plain: string, context: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/** Throws TokenCipherError when the value was altered, sealed under another key or another context. */
export function openToken(key: Buffer, sealed: string, context: string): string {
  checkKey(key);
  const parts = sealed.split('.');
  if (parts.length !== 3) throw new TokenCipherError('not a sealed token');
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenCipherError('not a sealed token');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new TokenCipherError('the sealed token does not open with this key', { cause: err });
  }
}

/**
 * WHATSAPP_TOKEN_KEY when set; otherwise a key generated once and kept in server_secrets (outside
 * production only: config.ts requires the variable there), shared by every instance.
 */
export async function loadTokenKey(db: Queryable, configured: Buffer | undefined): Promise<Buffer> {
  if (configured) return configured;
  const value = await loadServerSecret(db, KEY_SECRET_NAME, () => randomBytes(32).toString('base64'));
  return Buffer.from(value, 'base64');
}
