import type { Queryable } from '../../../db/types';
import { stripeSignatureHeader } from '../webhook-signature';
import type { SimEvent } from './objects';
import { nowSeconds } from './periods';
import { recordDelivery } from './store';

const TIMEOUT_MS = 10_000;

export interface WebhookTarget {
  url: string;
  secret: string;
}

/**
 * Sends one event as Stripe does: a JSON POST signed in `Stripe-Signature` with the endpoint's
 * secret. Records the answer's status (null when there was none) and returns it; never throws.
 */
export async function deliverEvent(
  db: Queryable,
  event: SimEvent,
  target: WebhookTarget,
): Promise<number | null> {
  const payload = JSON.stringify(event, null, 2);
  let status: number | null = null;
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(payload, target.secret, nowSeconds()),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    status = null;
  }
  await recordDelivery(db, event.id, status);
  return status;
}
