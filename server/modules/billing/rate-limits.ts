import { perCompanyRateLimit } from '../../http/rate-limit';

/** Limits on the routes that call Stripe for a company. */
export const billingRateLimits = {
  checkout: perCompanyRateLimit(10, '1 minute'),
  cancelAtPeriodEnd: perCompanyRateLimit(10, '1 minute'),
};
