import type * as z from 'zod/mini';
import {
  type ErrorCode,
  errorCodes,
  type FailureEnvelope,
  issueSchema,
  type SuccessEnvelope,
} from '../../contracts/envelope';
import { IDEMPOTENCY_KEY_HEADER } from '../../contracts/idempotency-key';
import { isRecord } from '../lib/is-record';
import { sessionRequestHeaders } from '../lib/session/session-headers';
import { reportUnauthorized } from '../lib/session/unauthorized-signal';
import { ANSWER_FALLBACK, errorText, NO_ANSWER_FALLBACK, noAnswerText } from './error-text';

/** Spec §7: a call that has not finished in 10 s is abandoned. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The spec names the error but not its text; users read it, so it is pt-BR. */
export const TIMEOUT_ERROR =
  'O servidor demorou demais para responder. Verifique sua conexão e tente de novo.';

/** The envelope, plus the HTTP status when the server answered (queries skip retries on 4xx). */
export type ApiFailure = FailureEnvelope & { status?: number };
export type ApiResult<T> = SuccessEnvelope<T> | ApiFailure;

type QueryValue = string | number | boolean | null | undefined;
type ApiPath = `/${string}`;

export type RequestOptions<T> = {
  /** Query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Checks `data` of a successful answer; a mismatch is a failure with the offending fields. */
  schema?: z.ZodMiniType<T>;
  /** The caller's own cancellation (TanStack Query passes one). */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /**
   * Sent as the Idempotency-Key header: a create sent again with the same key (a retried
   * submission) is answered with its first answer instead of being done twice.
   */
  idempotencyKey?: string;
};
type ReadOptions<T> = Omit<RequestOptions<T>, 'body'>;

export type ApiClientOptions = {
  /**
   * Headers for every call, read at call time. The session adds `authorization` and
   * `refresh_token` from its cookies here, so call sites never deal with them.
   */
  getHeaders?: () => Readonly<Record<string, string>> | undefined;
  /**
   * Told about every 401, and every 402 (the company's subscription ended while the app was open), so
   * the session checks again and its guards take the user to sign-in or the paywall (the call itself
   * still fails).
   */
  onUnauthorized?: () => void;
  timeoutMs?: number;
};

export type ApiClient = {
  request<T = unknown>(method: string, path: ApiPath, options?: RequestOptions<T>): Promise<ApiResult<T>>;
  get<T = unknown>(path: ApiPath, options?: ReadOptions<T>): Promise<ApiResult<T>>;
  post<T = unknown>(path: ApiPath, options?: RequestOptions<T>): Promise<ApiResult<T>>;
  put<T = unknown>(path: ApiPath, options?: RequestOptions<T>): Promise<ApiResult<T>>;
  patch<T = unknown>(path: ApiPath, options?: RequestOptions<T>): Promise<ApiResult<T>>;
  delete<T = unknown>(path: ApiPath, options?: ReadOptions<T>): Promise<ApiResult<T>>;
};

function isErrorCode(value: unknown): value is ErrorCode {
  return errorCodes.includes(value as ErrorCode);
}

function issueList(value: unknown): FailureEnvelope['issues'] {
  return Array.isArray(value) && value.every((issue) => issueSchema.safeParse(issue).success)
    ? value
    : undefined;
}

/** Only the page's own origin: a path that would leave it (`//host/x`) is refused. */
function sameOriginUrl(path: ApiPath, query: RequestOptions<unknown>['query']): URL {
  const origin = window.location.origin;
  const url = new URL(path, origin);
  if (url.origin !== origin) throw new Error(`Refused a call outside the page's origin: ${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

const NOT_JSON = Symbol('not JSON');

function readBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON; // an HTML error page from a proxy, plain text: never shown to the user
  }
}

function failureFrom(body: unknown, status: number): ApiFailure {
  const envelope = isRecord(body) ? body : {};
  const failure: ApiFailure = {
    success: false,
    error: errorText(body === NOT_JSON ? undefined : body, ANSWER_FALLBACK),
    status,
  };
  if (isErrorCode(envelope.code)) failure.code = envelope.code;
  const issues = issueList(envelope.issues);
  if (issues) failure.issues = issues;
  if (typeof envelope.requestId === 'string') failure.requestId = envelope.requestId;
  return failure;
}

function successFrom<T>(data: unknown, status: number, schema: z.ZodMiniType<T> | undefined): ApiResult<T> {
  if (!schema) return { success: true, data: data as T };
  const checked = schema.safeParse(data);
  if (checked.success) return { success: true, data: checked.data };
  return {
    success: false,
    error: ANSWER_FALLBACK,
    code: 'INTERNAL_ERROR',
    issues: checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    status,
  };
}

/**
 * The one way the web client calls the API (spec §7, §8): the page's own origin, no cookies sent
 * (`credentials: 'omit'`; auth travels in headers), a 10 s timeout, no retries, and it never throws:
 * every call resolves to the envelope. A 2xx `{ success: true, data }` (or an empty 2xx) is a
 * success; anything else is a failure whose text follows errorText(). No answer at all gives
 * code NETWORK_ERROR with a pt-BR text (noAnswerText), or TIMEOUT after 10 s.
 */
export function createApiClient({
  getHeaders,
  onUnauthorized,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: ApiClientOptions = {}): ApiClient {
  async function request<T>(
    method: string,
    path: ApiPath,
    options: RequestOptions<T> = {},
  ): Promise<ApiResult<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const cancel = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener('abort', cancel);
    try {
      const headers = new Headers({ accept: 'application/json', ...getHeaders?.(), ...options.headers });
      if (options.idempotencyKey !== undefined) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
      let body: string | undefined;
      if (options.body !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(options.body);
      }
      const response = await fetch(sameOriginUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'omit',
        mode: 'same-origin',
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 402) onUnauthorized?.();
      // The timeout covers the body too: a stalled download is as bad as a stalled connection.
      const data = readBody(await response.text());
      if (response.ok && data === undefined) return successFrom(undefined, response.status, options.schema);
      if (response.ok && isRecord(data) && data.success === true) {
        return successFrom(data.data, response.status, options.schema);
      }
      return failureFrom(data, response.status);
    } catch (error) {
      if (timedOut) return { success: false, error: TIMEOUT_ERROR, code: 'TIMEOUT' };
      if (options.signal?.aborted) return { success: false, error: errorText(error, NO_ANSWER_FALLBACK) };
      return { success: false, error: noAnswerText(), code: 'NETWORK_ERROR' };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** The app's client: every call carries the session's tokens, and a 401 asks the session to refresh. */
export const api = createApiClient({ getHeaders: sessionRequestHeaders, onUnauthorized: reportUnauthorized });
