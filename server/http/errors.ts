import type { ErrorCode, Issue } from '../../contracts/envelope';

/**
 * An error meant for the caller: its message is a pt-BR sentence that goes out in the envelope as is.
 * Handlers throw these; anything else that escapes a handler becomes a 500 with a generic text.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    /** `statusCode` is the name Fastify reads, so plugins that rethrow keep the status. */
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    /** `cause` reaches the log (never the caller). */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
