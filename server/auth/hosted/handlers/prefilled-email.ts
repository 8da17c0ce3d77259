import type { FastifyRequest } from 'fastify';
import { EMAIL_MAX_LENGTH, isPlausibleEmail, normaliseEmail } from '../accounts';

/**
 * The address a link asks the form to start with (`?email=`, e.g. from a team invitation), when it is
 * a plausible one; anything else leaves the field empty.
 */
export function prefilledEmail(request: FastifyRequest): string | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.email;
  if (typeof raw !== 'string' || raw.length > EMAIL_MAX_LENGTH) return undefined;
  const email = normaliseEmail(raw);
  return isPlausibleEmail(email) ? email : undefined;
}
