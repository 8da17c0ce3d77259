import * as z from 'zod/mini';

/**
 * Paywall, checkout and the subscription (spec §2 /paywall, /settings; §7 "GET paywall init",
 * "GET settings subscription paid"). Amounts are integer centavos in BRL.
 */

export const planIds = ['monthly', 'yearly'] as const;
export type PlanId = (typeof planIds)[number];

export const planSchema = z.object({
  id: z.enum(planIds),
  /** e.g. "Mensal", "Anual". */
  name: z.string(),
  interval: z.enum(['month', 'year']),
  priceCents: z.number(),
  /** What it costs per month (the yearly plan's price / 12), to compare plans. */
  monthlyEquivalentCents: z.number(),
  /** Percent saved against paying monthly for a year; 0 for the monthly plan. */
  savingsPercent: z.number(),
  currency: z.literal('BRL'),
});
export type Plan = z.infer<typeof planSchema>;

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const paywallInitSchema = z.object({
  plans: z.array(planSchema),
  /** What every plan includes, one line each (pt-BR). */
  features: z.array(z.string()),
  /** Why the paywall shows: the trial ended, a payment failed, the subscription ended, or none yet. */
  reason: z.enum(['trial_ended', 'past_due', 'canceled', 'none']),
  /** ISO 8601, when the last trial or subscription ended; null if there never was one. */
  endedAt: z.nullable(z.string()),
  /**
   * True when a subscription is current: a paid one (the paywall then just leads to the app), or the
   * free trial (see trialEndsAt).
   */
  hasActiveSubscription: z.boolean(),
  /**
   * ISO 8601, when the current free trial ends while nothing is paid yet (trialing, no Stripe
   * subscription, period current): the paywall then still offers the plans, to subscribe before
   * the trial ends. null otherwise (paid, expired, no subscription).
   */
  trialEndsAt: z.nullable(z.string()),
});
export type PaywallInit = z.infer<typeof paywallInitSchema>;

export const getPaywallContract = {
  method: 'GET',
  url: '/api/paywall',
  response: paywallInitSchema,
  minRole: 'owner',
} as const;

/**
 * Opens a checkout for a plan: the answer's `url` is Stripe Checkout's page (or the embedded
 * simulated checkout). Paying there returns to /home?paymentsuccess=<checkout id>.
 */
export const startCheckoutContract = {
  method: 'POST',
  url: '/api/billing/checkout',
  body: z.strictObject({ planId: z.enum(planIds) }),
  response: z.object({ url: z.string() }),
  minRole: 'owner',
} as const;

export const paidSubscriptionSchema = z.object({
  status: z.enum(subscriptionStatuses),
  /** null during a trial that was never paid for. */
  plan: z.nullable(planSchema),
  /** ISO 8601: the end of the period paid for (or of the trial). */
  currentPeriodEnd: z.string(),
  /** ISO 8601 and centavos of the next charge; null when none is coming (trial, cancelled). */
  nextChargeAt: z.nullable(z.string()),
  nextChargeCents: z.nullable(z.number()),
  /** The subscription ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /**
   * Indique e Ganhe: credit the company's next payment gets, in centavos. pendingCents: earned, not
   * yet at Stripe (the company is no Stripe customer yet); appliedCents: on its Stripe balance, for
   * the next invoice. Absent from servers before issue 17.
   */
  referralCredit: z.optional(z.object({ pendingCents: z.number(), appliedCents: z.number() })),
});
export type PaidSubscription = z.infer<typeof paidSubscriptionSchema>;

/** Spec §7 "GET settings subscription paid": the company's current subscription, or null. */
export const getPaidSubscriptionContract = {
  method: 'GET',
  url: '/api/settings/subscription',
  response: z.object({ subscription: z.nullable(paidSubscriptionSchema) }),
  minRole: 'owner',
} as const;

/** Cancel at the end of the period (true) or keep renewing (false). */
export const setCancelAtPeriodEndContract = {
  method: 'PUT',
  url: '/api/settings/subscription/cancel-at-period-end',
  body: z.strictObject({ cancelAtPeriodEnd: z.boolean() }),
  response: z.object({ subscription: z.nullable(paidSubscriptionSchema) }),
  minRole: 'owner',
} as const;
