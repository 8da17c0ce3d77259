import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Limits on the routes that call Stripe for a company. They run after authentication (preHandler)
 * and count per company, so colleagues behind one address do not share a budget.
 */
const perCompany = (max: number, timeWindow: string): RateLimitOptions => ({
  max,
  timeWindow,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.caller?.companyId ?? request.ip,
});

export const billingRateLimits = {
  checkout: perCompany(10, '1 minute'),
  cancelAtPeriodEnd: perCompany(10, '1 minute'),
};
