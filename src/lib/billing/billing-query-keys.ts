/**
 * The cache keys of the company's billing data. Everything under `all` changes together when a
 * payment goes through (the paywall's init data, the subscription summary of /settings).
 */
export const billingQueryKeys = {
  all: ['billing'] as const,
  paywall: ['billing', 'paywall'] as const,
  subscription: ['billing', 'subscription'] as const,
};
