import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { CUSTOMER_NOT_FOUND_TEXT } from './texts';

export function customerNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', CUSTOMER_NOT_FOUND_TEXT);
}

/**
 * The id of a path, checked before it reaches a uuid column: a malformed id is the same 404 as
 * another company's or a deleted one (nothing to tell apart).
 */
export function customerIdOrNotFound(id: string): string {
  if (!isUuid(id)) throw customerNotFound();
  return id.toLowerCase();
}
