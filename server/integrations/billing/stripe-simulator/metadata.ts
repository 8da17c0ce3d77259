import type { Metadata } from './objects';
import { SimulatorRequestError } from './simulator-request-error';

/** Stripe's `metadata` parameter: an object of strings, or nothing; anything else is a 400 naming `param`. */
export function metadataOf(value: unknown, param: string): Metadata {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SimulatorRequestError(400, 'invalid_request_error', `Invalid object: ${param}.`, param);
  }
  const out: Metadata = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') {
      throw new SimulatorRequestError(
        400,
        'invalid_request_error',
        `Invalid string: ${param}[${key}].`,
        param,
      );
    }
    out[key] = item;
  }
  return out;
}
