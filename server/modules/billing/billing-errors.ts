import { HttpError } from '../../http/errors';
import { StripeApiError, StripeUnreachableError } from '../../integrations/billing/stripe-client';

/** What callers read when payments cannot be taken now (Stripe unreachable, or not configured). */
export const PAYMENTS_UNAVAILABLE_TEXT = 'Pagamento indisponível no momento. Tente novamente mais tarde.';
export const CHECKOUT_REFUSED_TEXT = 'Não foi possível iniciar o pagamento. Tente novamente mais tarde.';
export const ALREADY_SUBSCRIBED_TEXT = 'Sua empresa já tem uma assinatura ativa.';
export const NO_PAID_SUBSCRIPTION_TEXT =
  'Sua empresa não tem uma assinatura paga em andamento. Durante o teste grátis não há cobrança para cancelar.';
export const SUBSCRIPTION_UPDATE_FAILED_TEXT =
  'Não foi possível alterar a assinatura agora. Tente novamente mais tarde.';
export const WEBHOOK_SIGNATURE_TEXT = 'Assinatura do webhook inválida.';
export const WEBHOOK_PAYLOAD_TEXT = 'Evento do webhook inválido.';
export const WEBHOOK_RETRY_TEXT = 'Não foi possível processar o evento agora; ele será reenviado.';

export function paymentsUnavailable(cause?: unknown): HttpError {
  return new HttpError(503, 'SERVICE_UNAVAILABLE', PAYMENTS_UNAVAILABLE_TEXT, undefined, { cause });
}

/**
 * A failed Stripe call as the caller's answer: Stripe down, slow or overloaded → 503 (try again later);
 * Stripe refused our request (bad key, unknown price…) → 502 with `refusedText`. The cause goes to the
 * log. Anything else is returned as is (a bug: the error handler's 500).
 */
export function stripeFailure(err: unknown, refusedText: string): unknown {
  if (err instanceof StripeUnreachableError || (err instanceof StripeApiError && err.transient)) {
    return paymentsUnavailable(err);
  }
  if (err instanceof StripeApiError) {
    return new HttpError(502, 'SERVICE_UNAVAILABLE', refusedText, undefined, { cause: err });
  }
  return err;
}
