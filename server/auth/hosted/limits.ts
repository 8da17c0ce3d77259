import type { RateLimitOptions } from '@fastify/rate-limit';

type HostedForm = 'login' | 'signup' | 'resend' | 'forgot' | 'reset';

/**
 * Requests per client address on each form. Generous for people behind one office or mobile carrier
 * address, tight enough to make guessing and e-mail flooding slow. Per-address lockout for passwords
 * is separate (sign-in-throttle.ts).
 */
const perAddress: Record<HostedForm, { max: number; timeWindow: string }> = {
  login: { max: 20, timeWindow: '5 minutes' },
  signup: { max: 10, timeWindow: '1 hour' },
  resend: { max: 5, timeWindow: '15 minutes' },
  forgot: { max: 5, timeWindow: '15 minutes' },
  reset: { max: 10, timeWindow: '15 minutes' },
};

/**
 * The limits, each `max` multiplied by AUTH_RATE_LIMIT_MULTIPLIER: many people sharing one address
 * (a big office behind NAT, a test rig signing in again and again) need more than one person does.
 */
export function hostedRateLimits(multiplier: number): Record<HostedForm, RateLimitOptions> {
  const scaled = {} as Record<HostedForm, RateLimitOptions>;
  for (const [form, limit] of Object.entries(perAddress) as [HostedForm, (typeof perAddress)[HostedForm]][]) {
    scaled[form] = { max: limit.max * multiplier, timeWindow: limit.timeWindow };
  }
  return scaled;
}
