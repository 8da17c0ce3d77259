import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import { HttpError } from './errors';
import { databaseRateLimitStore, type RateLimitStoreLogger } from './rate-limit-store';

/**
 * Registered with `global: false`: only routes that set `config.rateLimit` are limited. Counters live
 * in the database, shared by every instance (one process's memory would let a caller multiply its limit
 * by the number of instances); the answer is the envelope, in pt-BR.
 */
export function rateLimitOptions(db: Queryable, log: RateLimitStoreLogger): RateLimitPluginOptions {
  return {
    global: false,
    store: databaseRateLimitStore(db, log),
    // Fail open: when the database is down, refusing every limited route would lock everyone out of
    // sign-in for as long as the outage lasts, and a route that needs the database fails by itself
    // anyway. A route that must fail closed sets `skipOnError: false` in its own config.rateLimit.
    skipOnError: true,
    errorResponseBuilder(_request, context) {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const wait = seconds === 1 ? '1 segundo' : `${seconds} segundos`;
      return new HttpError(
        context.statusCode,
        'RATE_LIMITED',
        `Muitas requisições. Tente novamente em ${wait}.`,
      );
    },
  };
}

/**
 * A route's limit counted per company, after authentication (preHandler): colleagues behind one
 * address do not share a budget.
 */
export const perCompanyRateLimit = (max: number, timeWindow = '1 minute'): RateLimitOptions => ({
  max,
  timeWindow,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.caller?.companyId ?? request.ip,
});
