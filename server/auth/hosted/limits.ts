import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * Requests per client address on each form. Generous for people behind one office or mobile carrier
 * address, tight enough to make guessing and e-mail flooding slow. Per-address lockout for passwords
 * is separate (sign-in-throttle.ts).
 */
export const hostedRateLimits = {
  login: { max: 20, timeWindow: '5 minutes' },
  signup: { max: 10, timeWindow: '1 hour' },
  resend: { max: 5, timeWindow: '15 minutes' },
  forgot: { max: 5, timeWindow: '15 minutes' },
  reset: { max: 10, timeWindow: '15 minutes' },
} satisfies Record<string, RateLimitOptions>;
