import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { HttpError } from './errors';

/**
 * Registered with `global: false`: only routes that set `config.rateLimit` are limited. Counters live
 * in this process (per instance); the answer is the envelope, in pt-BR.
 */
export const rateLimitOptions: RateLimitPluginOptions = {
  global: false,
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
