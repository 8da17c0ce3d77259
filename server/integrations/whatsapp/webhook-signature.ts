import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs every webhook POST with. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

const PREFIX = 'sha256=';

/** `sha256=<hex HMAC-SHA256(app secret, body)>`, over the exact bytes sent. */
export function whatsappSignature(body: Buffer | string, appSecret: string): string {
  return `${PREFIX}${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/**
 * Whether `header` is the signature of `body` (the bytes as received: re-serialised JSON differs on
 * every non-ASCII character Meta escapes). Compared in constant time; a missing or malformed header
 * is simply not valid.
 */
export function isValidWhatsappSignature(
  body: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !appSecret) return false;
  const expected = Buffer.from(whatsappSignature(body, appSecret), 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
