import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Limits on the heavy customer routes. They run after authentication (preHandler) and count per
 * company, so colleagues behind one address do not share a budget.
 */
const perCompany = (max: number, timeWindow: string): RateLimitOptions => ({
  max,
  timeWindow,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `customers:${request.caller?.companyId ?? request.ip}`,
});

export const customerRateLimits = {
  // The largest import (IMPORT_MAX_ROWS, 500 rows a batch) is 40 batches; room for retries and a second file.
  import: perCompany(120, '1 minute'),
  // A full export reads every customer of the company.
  export: perCompany(10, '1 minute'),
};
