import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a signature older than five minutes is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { valid: true; timestamp: number }
  | { valid: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

function hmacHex(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/**
 * Checks a `Stripe-Signature` header the way Stripe's libraries do: `t=<unix time>` and one or more
 * `v1=<hex HMAC-SHA256 of "t.payload">` (several while a secret is being rolled); any v1 may match,
 * compared in constant time; then the timestamp must be within the tolerance. Other schemes (v0) are
 * ignored. `payload` is the request body exactly as received.
 */
export function verifyStripeSignature(input: {
  payload: string;
  header: string | undefined;
  secret: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const { payload, header, secret } = input;
  if (!header) return { valid: false, reason: 'missing' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const separator = item.indexOf('=');
    if (separator < 0) continue;
    const name = item.slice(0, separator).trim();
    const value = item.slice(separator + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1') signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { valid: false, reason: 'malformed' };

  const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { valid: false, reason: 'mismatch' };

  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance) return { valid: false, reason: 'expired' };
  return { valid: true, timestamp };
}

/** The header Stripe sends with a payload (the simulator signs its deliveries with this). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, payload)}`;
}
