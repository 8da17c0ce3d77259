import * as z from 'zod';

/**
 * The parts of Stripe's objects we read, checked when they arrive (API answers and webhook events).
 * Unknown fields pass through untouched; a missing field we rely on fails loudly instead of
 * writing nonsense. Shapes of API version STRIPE_API_VERSION; older shapes are read too where they
 * moved (subscription periods, an invoice's subscription).
 */

/** The API version every request pins, so Stripe's answers keep this shape whatever the account's default. */
export const STRIPE_API_VERSION = '2025-03-31.basil';

const id = z.string().min(1);
/** An expandable reference: the id, or the object when expanded. */
const ref = z
  .union([id, z.object({ id }).loose()])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((value) => value ?? {});
const timestamp = z.number().int();

export const stripePriceSchema = z
  .object({
    id,
    unit_amount: z.number().int().nullable(),
    currency: z.string(),
    recurring: z
      .object({ interval: z.enum(['day', 'week', 'month', 'year']) })
      .loose()
      .nullable(),
  })
  .loose();
export type StripePrice = z.infer<typeof stripePriceSchema>;

export const stripeSubscriptionSchema = z
  .object({
    id,
    object: z.literal('subscription'),
    customer: ref,
    /** incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
    status: z.string(),
    cancel_at_period_end: z.boolean(),
    canceled_at: timestamp.nullish(),
    ended_at: timestamp.nullish(),
    // Before 2025-03-31.basil the period was on the subscription; since then on each item.
    current_period_start: timestamp.optional(),
    current_period_end: timestamp.optional(),
    metadata,
    items: z.object({
      data: z.array(
        z
          .object({
            current_period_start: timestamp.optional(),
            current_period_end: timestamp.optional(),
            quantity: z.number().int().nullish(),
            price: stripePriceSchema,
          })
          .loose(),
      ),
    }),
  })
  .loose();
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const stripeCustomerSchema = z.object({ id, object: z.literal('customer') }).loose();
export type StripeCustomer = z.infer<typeof stripeCustomerSchema>;

/** A change to a customer's balance; a negative amount is a credit Stripe applies to the next invoice. */
export const stripeCustomerBalanceTransactionSchema = z
  .object({
    id,
    object: z.literal('customer_balance_transaction'),
    amount: z.number().int(),
    currency: z.string(),
    customer: ref,
    ending_balance: z.number().int(),
  })
  .loose();
export type StripeCustomerBalanceTransaction = z.infer<typeof stripeCustomerBalanceTransactionSchema>;

export const stripeCheckoutSessionSchema = z
  .object({
    id,
    object: z.literal('checkout.session'),
    mode: z.string(),
    /** open, complete, expired. */
    status: z.string().nullable(),
    /** paid, unpaid, no_payment_required. */
    payment_status: z.string(),
    url: z.string().nullish(),
    customer: ref.nullish(),
    subscription: ref.nullish(),
    client_reference_id: z.string().nullish(),
    metadata,
  })
  .loose();
export type StripeCheckoutSession = z.infer<typeof stripeCheckoutSessionSchema>;

export const stripeInvoiceSchema = z
  .object({
    id,
    object: z.literal('invoice'),
    customer: ref.nullish(),
    // Before 2025-03-31.basil: `subscription`; since then under parent.subscription_details.
    subscription: ref.nullish(),
    parent: z
      .object({ subscription_details: z.object({ subscription: ref }).loose().nullish() })
      .loose()
      .nullish(),
  })
  .loose();
export type StripeInvoice = z.infer<typeof stripeInvoiceSchema>;

/** The subscription an invoice bills, wherever the API version put it. */
export function invoiceSubscriptionId(invoice: StripeInvoice): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

export const stripeEventSchema = z
  .object({
    id,
    object: z.literal('event'),
    type: z.string().min(1),
    created: timestamp,
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** Stripe's error answer: `{ error: { type, message, code?, param? } }`. */
export const stripeErrorBodySchema = z.object({
  error: z
    .object({
      type: z.string(),
      message: z.string().optional(),
      code: z.string().optional(),
      param: z.string().optional(),
    })
    .loose(),
});
