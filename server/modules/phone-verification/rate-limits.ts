import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RetryLaterError } from './send-code';

/**
 * Per-route limits on the code routes, a second line behind the per-code rules (cooldown, hourly
 * cap, five attempts). They run after authentication (preHandler) and count per user, so people
 * behind one carrier address do not share a budget.
 */
const perUser = (max: number, timeWindow: string): RateLimitOptions => ({
  max,
  timeWindow,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip,
});

export const phoneCodeRateLimits = {
  send: perUser(10, '15 minutes'),
  verify: perUser(30, '15 minutes'),
};

/** Runs a send and, when it is refused for now, says when to come back in Retry-After too. */
export async function withRetryAfter<T>(reply: FastifyReply, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}
