import type { ErrorCode, Issue } from '../../contracts/envelope';
import type { ApiFailure } from './client';

/**
 * A failed call as an exception, for code that must throw (TanStack Query's queryFn). It keeps the
 * HTTP status and code so the retry rule can tell a 4xx (never retried) from the rest.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;
  readonly issues: Issue[] | undefined;
  readonly requestId: string | undefined;

  constructor(failure: ApiFailure) {
    super(failure.error);
    this.status = failure.status;
    this.code = failure.code;
    this.issues = failure.issues;
    this.requestId = failure.requestId;
  }
}

/** True for an ApiError whose answer was a 400–499: asking again gives the same answer. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
}
