import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { StripeApiError, StripeUnreachableError } from '../../integrations/billing/stripe-client';
import { stripeEventSchema } from '../../integrations/billing/stripe-objects';
import { verifyStripeSignature } from '../../integrations/billing/webhook-signature';
import {
  paymentsUnavailable,
  WEBHOOK_PAYLOAD_TEXT,
  WEBHOOK_RETRY_TEXT,
  WEBHOOK_SIGNATURE_TEXT,
} from './billing-errors';
import type { BillingContext } from './checkout';
import { handleStripeEvent } from './webhook-events';

export const WEBHOOK_PATH = '/api/billing/stripe/webhook';

/** Stripe events are a few kilobytes; its documented maximum is far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/billing/stripe/webhook. The signature covers the body exactly as sent, so this route (and
 * only this one: it is its own plugin) reads JSON as the raw string and parses it after checking.
 * Unsigned, tampered or stale requests are refused with 400 and leave no trace.
 */
export async function registerWebhookRoute(app: FastifyInstance, context: BillingContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      WEBHOOK_PATH,
      // Generous: Stripe sends bursts (several events per payment) and retries, from a few addresses.
      { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (request) => {
        const account = context.account;
        if (!account) throw paymentsUnavailable();
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['stripe-signature'];
        const check = verifyStripeSignature({
          payload: raw,
          header: Array.isArray(header) ? header[0] : header,
          secret: await account.webhookSecret(),
        });
        if (!check.valid) {
          request.log.warn({ reason: check.reason }, 'stripe webhook refused: bad signature');
          throw new HttpError(400, 'VALIDATION_ERROR', WEBHOOK_SIGNATURE_TEXT, [
            { path: 'headers.stripe-signature', message: WEBHOOK_SIGNATURE_TEXT },
          ]);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new HttpError(400, 'VALIDATION_ERROR', WEBHOOK_PAYLOAD_TEXT);
        }
        const event = stripeEventSchema.safeParse(json);
        if (!event.success) throw new HttpError(400, 'VALIDATION_ERROR', WEBHOOK_PAYLOAD_TEXT);
        try {
          const outcome = await handleStripeEvent(context, event.data, json);
          request.log.info({ event: event.data.id, type: event.data.type, outcome }, 'stripe event');
          return { success: true, data: { received: true, outcome } };
        } catch (err) {
          if (err instanceof StripeUnreachableError || err instanceof StripeApiError) {
            throw new HttpError(503, 'SERVICE_UNAVAILABLE', WEBHOOK_RETRY_TEXT, undefined, { cause: err });
          }
          throw err;
        }
      },
    );
  });
}
