import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadTokenKey,
  openToken,
  sealToken,
  TokenCipherError,
} from '../../server/integrations/whatsapp/token-cipher';
import { openTestDb, type TestDb } from '../support/db';

const key = randomBytes(32);
const token = 'EAAGm0PX4ZCpsBAKZC0ZBexampleBusinessToken';
const context = 'whatsapp:2b1f0d5e-0000-4000-8000-000000000001';

describe('business tokens sealed with AES-256-GCM', () => {
  it('opens what it sealed, and never shows the token in what it stores', () => {
    const sealed = sealToken(key, token, context);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(token);
    expect(openToken(key, sealed, context)).toBe(token);
    // A fresh IV each time: the same token never seals the same way twice.
    expect(sealToken(key, token, context)).not.toBe(sealed);
  });

  it('refuses a tampered value, another key, another company, and what is not a sealed token', () => {
    const sealed = sealToken(key, token, context);
    const [iv, tag, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    const tamperedTag = Buffer.from(tag, 'base64url');
    tamperedTag[3]! ^= 0x80;
    for (const broken of [
      `${iv}.${tag}.${flipped.toString('base64url')}`,
      `${iv}.${tamperedTag.toString('base64url')}.${body}`,
      'plain-token',
      `${iv}.${tag}`,
      '..',
    ]) {
      expect(() => openToken(key, broken, context), broken).toThrow(TokenCipherError);
    }
    expect(() => openToken(randomBytes(32), sealed, context)).toThrow(TokenCipherError);
    expect(() => openToken(key, sealed, 'whatsapp:another-company')).toThrow(TokenCipherError);
    expect(() => sealToken(randomBytes(16), token, context)).toThrow(TokenCipherError);
  });
});

describe('the token key', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb?.close());

  it('is WHATSAPP_TOKEN_KEY when set; otherwise generated once and kept in server_secrets', async () => {
    expect(await loadTokenKey(testDb.db, key)).toBe(key);
    const generated = await loadTokenKey(testDb.db, undefined);
    expect(generated).toHaveLength(32);
    expect(await loadTokenKey(testDb.db, undefined)).toEqual(generated);
    const { rows } = await testDb.db.query<{ value: string }>(
      "SELECT value FROM server_secrets WHERE name = 'whatsapp_token_key'",
    );
    expect(Buffer.from(rows[0]!.value, 'base64')).toEqual(generated);
  });
});
