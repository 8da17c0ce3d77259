import type * as z from 'zod';
import { encodeStripeForm, type FormObject } from './stripe-form';
import {
  STRIPE_API_VERSION,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeCustomerBalanceTransaction,
  type StripeSubscription,
  stripeCheckoutSessionSchema,
  stripeCustomerBalanceTransactionSchema,
  stripeCustomerSchema,
  stripeErrorBodySchema,
  stripeSubscriptionSchema,
} from './stripe-objects';

/** How long one call may take before it counts as Stripe being unreachable. */
const TIMEOUT_MS = 10_000;

/**
 * Stripe answered with an error object. `status` 4xx: our request was refused (bad key, unknown
 * price…); 5xx or 429: Stripe could not serve it now.
 */
export class StripeApiError extends Error {
  override name = 'StripeApiError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
  /** Worth trying again later (Stripe's side or rate limit), rather than a refused request. */
  get transient(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

/** No usable answer: network failure, timeout, or a body that is not Stripe's. */
export class StripeUnreachableError extends Error {
  override name = 'StripeUnreachableError';
}

export interface StripeClient {
  createCustomer(params: FormObject, idempotencyKey?: string): Promise<StripeCustomer>;
  /** A credit (negative amount) or debit on the customer's balance, applied to its next invoice. */
  createCustomerBalanceTransaction(
    customerId: string,
    params: FormObject,
    idempotencyKey: string,
  ): Promise<StripeCustomerBalanceTransaction>;
  createCheckoutSession(params: FormObject): Promise<StripeCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession>;
  retrieveSubscription(id: string): Promise<StripeSubscription>;
  updateSubscription(id: string, params: FormObject): Promise<StripeSubscription>;
  /** Ends it now (DELETE): no more charges. */
  cancelSubscription(id: string): Promise<StripeSubscription>;
}

export interface StripeClientOptions {
  /** https://api.stripe.com or a simulator's base; a function when only known once the server listens. */
  apiBase: string | (() => string);
  secretKey: string | (() => Promise<string>);
  timeoutMs?: number;
}

/** Stripe's REST API over fetch: form-encoded requests, pinned API version, answers checked. */
export function createStripeClient(options: StripeClientOptions): StripeClient {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const base = () => (typeof options.apiBase === 'string' ? options.apiBase : options.apiBase());
  const key = async () => (typeof options.secretKey === 'string' ? options.secretKey : options.secretKey());

  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params?: FormObject,
    idempotencyKey?: string,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await key()}`,
      'stripe-version': STRIPE_API_VERSION,
      accept: 'application/json',
    };
    if (params) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base()}${path}`, {
        method,
        headers,
        ...(params && { body: encodeStripeForm(params).toString() }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      throw new StripeUnreachableError(`${method} ${path}: ${(err as Error).message}`, { cause: err });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new StripeUnreachableError(`${method} ${path}: HTTP ${response.status} without JSON`);
    }
    if (!response.ok) {
      const parsed = stripeErrorBodySchema.safeParse(body);
      const error = parsed.success
        ? parsed.data.error
        : { type: 'api_error', message: undefined, code: undefined };
      throw new StripeApiError(
        response.status,
        error.type,
        `${method} ${path}: ${error.message ?? `HTTP ${response.status}`}`,
        error.code,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new StripeUnreachableError(`${method} ${path}: unexpected answer`, {
        cause: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  const segment = (value: string) => encodeURIComponent(value);
  return {
    createCustomer: (params, idempotencyKey) =>
      call(stripeCustomerSchema, 'POST', '/v1/customers', params, idempotencyKey),
    createCustomerBalanceTransaction: (customerId, params, idempotencyKey) =>
      call(
        stripeCustomerBalanceTransactionSchema,
        'POST',
        `/v1/customers/${segment(customerId)}/balance_transactions`,
        params,
        idempotencyKey,
      ),
    createCheckoutSession: (params) =>
      call(stripeCheckoutSessionSchema, 'POST', '/v1/checkout/sessions', params),
    retrieveCheckoutSession: (id) =>
      call(stripeCheckoutSessionSchema, 'GET', `/v1/checkout/sessions/${segment(id)}`),
    retrieveSubscription: (id) => call(stripeSubscriptionSchema, 'GET', `/v1/subscriptions/${segment(id)}`),
    updateSubscription: (id, params) =>
      call(stripeSubscriptionSchema, 'POST', `/v1/subscriptions/${segment(id)}`, params),
    cancelSubscription: (id) => call(stripeSubscriptionSchema, 'DELETE', `/v1/subscriptions/${segment(id)}`),
  };
}
