import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, FailureEnvelope, Issue } from '../../contracts/envelope';
import { HttpError } from './errors';
import { loggableUrl } from './loggable-url';

/** The largest request body the API reads (Fastify's bodyLimit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
  issues?: Issue[];
}

/** Fastify's own errors, told in pt-BR (`at`: where a 400's issue points). Their original English text only goes to the log. */
const frameworkFailures: Record<string, Failure & { at?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'JSON inválido no corpo da requisição.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Corpo da requisição vazio: envie um JSON ou não informe Content-Type.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Corpo da requisição excede 1 MB.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'O tamanho do corpo não confere com o cabeçalho Content-Length.',
    at: 'headers.content-length',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado: envie application/json.',
  },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Informe o cabeçalho Content-Type do corpo.',
    at: 'headers.content-type',
  },
  FST_ERR_ROUTE_MISSING_CONTENT: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Esta requisição precisa de um corpo.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Endereço da requisição inválido.',
    at: 'url',
  },
  FST_ERR_INVALID_URL: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Endereço da requisição inválido.',
    at: 'url',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'VALIDATION_ERROR',
    message: 'Endereço da requisição longo demais.',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: 'Requisição inválida.' },
  FST_ERR_HANDLER_TIMEOUT: {
    status: 503,
    code: 'TIMEOUT',
    message: 'O servidor demorou demais para responder. Tente novamente.',
  },
};

/** Any other 4xx a plugin raises: a generic pt-BR text per status. */
const byStatus: Record<number, Omit<Failure, 'status'>> = {
  401: { code: 'UNAUTHENTICATED', message: 'Sessão expirada ou inválida. Entre novamente.' },
  403: { code: 'FORBIDDEN', message: 'Você não tem permissão para fazer isso.' },
  404: { code: 'NOT_FOUND', message: 'Não encontrado.' },
  408: { code: 'TIMEOUT', message: 'A requisição demorou demais.' },
  409: { code: 'CONFLICT', message: 'Conflito com o estado atual do recurso.' },
  429: { code: 'RATE_LIMITED', message: 'Muitas requisições. Tente novamente em instantes.' },
};

const internal: Failure = { status: 500, code: 'INTERNAL_ERROR', message: 'Erro interno do servidor.' };

/**
 * The answer to `error`. Every 400 says where the problem is in its issues: a field, a header, or ''
 * for the request as a whole (malformed JSON, a refusal no single field explains).
 */
export function toFailure(error: Partial<FastifyError>): Failure {
  const failure = failureOf(error);
  if (failure.status !== 400 || failure.issues) return failure;
  const at = error.code ? frameworkFailures[error.code]?.at : undefined;
  return { ...failure, issues: [{ path: at ?? '', message: failure.message }] };
}

function failureOf(error: Partial<FastifyError>): Failure {
  if (error instanceof HttpError) {
    const { statusCode: status, code, message, issues } = error;
    return issues ? { status, code, message, issues } : { status, code, message };
  }
  const known = error.code ? frameworkFailures[error.code] : undefined;
  if (known) return { status: known.status, code: known.code, message: known.message };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, ...(byStatus[status] ?? { code: 'VALIDATION_ERROR', message: 'Requisição inválida.' }) };
  }
  return internal;
}

/**
 * Answers any failure with the envelope. 4xx are logged with their reason (info, or warn for the
 * ones worth watching); 5xx with the full error, which never reaches the caller.
 */
export function sendFailure(error: Partial<FastifyError>, request: FastifyRequest, reply: FastifyReply) {
  const failure = toFailure(error);
  const reason = error.message;
  if (failure.status >= 500) {
    request.log.error({ err: error, statusCode: failure.status }, reason ?? 'request failed');
  } else {
    const level = failure.status === 400 || failure.status === 404 ? 'info' : 'warn';
    request.log[level](
      {
        statusCode: failure.status,
        code: failure.code,
        issues: failure.issues,
        url: loggableUrl(request.url),
      },
      `request rejected: ${reason}`,
    );
  }
  const body: FailureEnvelope = {
    success: false,
    error: failure.message,
    code: failure.code,
    ...(failure.issues && { issues: failure.issues }),
    requestId: request.id,
  };
  return reply
    .code(failure.status)
    .type('application/json; charset=utf-8')
    .header('x-request-id', request.id)
    .send(body);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(new HttpError(404, 'NOT_FOUND', 'Rota não encontrada.'), request, reply);
}
