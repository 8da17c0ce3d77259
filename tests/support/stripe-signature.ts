import { createHmac } from 'node:crypto';

/**
 * A `Stripe-Signature` header for a payload, written from Stripe's documentation (t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "t.payload" keyed by the endpoint secret>) and independently of the server's
 * verifier, so tests catch a verifier that drifts from Stripe.
 */
export function stripeSignature(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** POSTs an event to a webhook as Stripe does: JSON body, signed (unless `signature` says otherwise). */
export async function postStripeEvent(
  url: string,
  event: unknown,
  options: { secret?: string; signature?: string | null; body?: string } = {},
): Promise<{
  status: number;
  body: { success: boolean; data?: { outcome?: string }; error?: string; code?: string };
}> {
  const body = options.body ?? JSON.stringify(event);
  const signature =
    options.signature === undefined ? stripeSignature(body, options.secret ?? '') : options.signature;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== null && { 'stripe-signature': signature }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as never };
}
