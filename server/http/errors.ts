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
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new HttpError(400, 'VALIDATION_ERROR', message, issues);
export const unauthenticated = (message = 'Sessão expirada ou inválida. Entre novamente.') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'Você não tem permissão para fazer isso.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Não encontrado.') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
