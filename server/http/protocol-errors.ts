import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ErrorCode, FailureEnvelope } from '../../contracts/envelope';
import { HttpError } from './errors';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * answered in the envelope like any other failure, with a status that says what was wrong, and the
 * connection closed (what follows on it cannot be trusted to start where a request starts).
 */

interface ProtocolFailure {
  status: number;
  code: ErrorCode;
  message: string;
  /** Where the problem is, for the issue of a 400. */
  path: string;
}

const malformed: ProtocolFailure = {
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'Requisição HTTP malformada.',
  path: '',
};

/** llhttp's error codes (and Node's time-out), told in pt-BR. */
const failures: Record<string, ProtocolFailure> = {
  HPE_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Cabeçalho Content-Length inválido: use um número inteiro não negativo.',
    path: 'headers.content-length',
  },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Cabeçalho Content-Length repetido com valores diferentes.',
    path: 'headers.content-length',
  },
  HPE_INVALID_TRANSFER_ENCODING: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Transfer-Encoding inválido (ou enviado junto com Content-Length).',
    path: 'headers.transfer-encoding',
  },
  HPE_INVALID_HEADER_TOKEN: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Cabeçalho com caractere inválido.',
    path: 'headers',
  },
  HPE_INVALID_CHUNK_SIZE: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Corpo em partes (chunked) malformado.',
    path: '',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Cabeçalhos da requisição grandes demais.',
    path: 'headers',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Extensões do corpo em partes (chunked) grandes demais.',
    path: '',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'TIMEOUT',
    message: 'A requisição demorou demais para chegar.',
    path: '',
  },
};

export function protocolFailure(errorCode: string | undefined): ProtocolFailure {
  return (errorCode && failures[errorCode]) || malformed;
}

/** The whole HTTP response of a refused request, as bytes ready for the socket. */
export function protocolFailureResponse(failure: ProtocolFailure, id: string): string {
  const envelope: FailureEnvelope = {
    success: false,
    error: failure.message,
    code: failure.code,
    ...(failure.status === 400 && { issues: [{ path: failure.path, message: failure.message }] }),
    requestId: id,
  };
  const body = JSON.stringify(envelope);
  return [
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`: as its default (nothing for a reset or gone socket), with our envelope. */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const failure = protocolFailure(error.code);
  // No request was read, so no caller's x-request-id either: a fresh id ties the log line to the answer.
  const id = randomUUID();
  // The parser's code and reason only: the error also carries the raw bytes read, tokens included.
  this.log.info(
    { parserError: error.code, reason: error.message, requestId: id, statusCode: failure.status },
    'request refused by the HTTP parser',
  );
  if (socket.writable) socket.end(protocolFailureResponse(failure, id));
  else socket.destroy();
}

export const MISSING_HOST_TEXT = 'Informe o cabeçalho Host (obrigatório em HTTP/1.1).';

/**
 * HTTP/1.1 requires a Host header. Node would refuse its absence with a bare 400 of its own (its
 * `requireHostHeader`, turned off in app.ts so this answers instead, in the envelope).
 */
export const requireHostHeader: onRequestHookHandler = (request, reply, done) => {
  if (request.raw.httpVersion === '1.1' && !request.headers.host) {
    // As Node would: a client this far off the protocol gets no second request on the connection.
    reply.header('connection', 'close');
    return done(
      new HttpError(400, 'VALIDATION_ERROR', MISSING_HOST_TEXT, [
        { path: 'headers.host', message: MISSING_HOST_TEXT },
      ]),
    );
  }
  done();
};
