import { errorCodes } from '../../../contracts/envelope';

/**
 * One request of the contract fuzz and what a good answer to it looks like. Never a 5xx; on /api
 * always the envelope: `success`, and on a failure a pt-BR `error`, a known `code` and the
 * `requestId`, with `issues` on every 400.
 */
export interface FuzzCase {
  /** The route it aims at, as registered (`POST /api/tasks`). */
  route: string;
  /** What is malformed, e.g. "body.title: NUL". */
  name: string;
  method: string;
  /** Path and query as they go on the wire (already encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** What a non-failing answer may be besides the envelope. */
  answers: Answers;
}

/**
 * envelope: /api JSON. file: a download on success (the envelope on failure). redirect: a 3xx on
 * success (the envelope on failure). page: an HTML page or a redirect (the hosted login, dev pages).
 * stripe: the Stripe simulator's API (Stripe's JSON error objects; the envelope before routing).
 * graph: the WhatsApp simulator's Graph API (Meta's JSON error objects; the envelope before routing).
 */
export type Answers = 'envelope' | 'file' | 'redirect' | 'page' | 'stripe' | 'graph';

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

export async function send(baseUrl: string, fuzzCase: FuzzCase): Promise<FuzzAnswer> {
  // An empty value means "without this header" (fetch would otherwise add a content type of its own).
  const headers = Object.fromEntries(
    Object.entries(fuzzCase.headers ?? {}).filter(([, value]) => value !== ''),
  );
  const response = await fetch(`${baseUrl}${fuzzCase.path}`, {
    method: fuzzCase.method,
    headers,
    ...(fuzzCase.body !== undefined && {
      body: typeof fuzzCase.body === 'string' ? fuzzCase.body : new Uint8Array(fuzzCase.body),
    }),
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** What is wrong with `answer`, or null when it is a good answer to `fuzzCase`. */
export function problemWith(fuzzCase: FuzzCase, answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  const { answers } = fuzzCase;
  if (answers === 'page') return null;
  if (answers === 'redirect' && answer.status >= 300 && answer.status < 400) return null;
  if (answers === 'file' && answer.status < 300) return null;
  if (answers === 'stripe') {
    // Stripe's error object; or the envelope, for a request refused before any route saw it (a bad URL).
    if (answer.status < 400 || /^\{"error":\{"type":"\w+"/.test(answer.text)) return null;
    return envelopeProblem(answer) && 'neither a Stripe error object nor the envelope';
  }
  if (answers === 'graph') {
    if (answer.status < 400 || /^\{"error":\{"message":/.test(answer.text)) return null;
    return envelopeProblem(answer) && 'neither a Graph API error object nor the envelope';
  }
  return envelopeProblem(answer);
}

function envelopeProblem(answer: FuzzAnswer): string | null {
  if (!answer.contentType.startsWith('application/json')) return `content type ${answer.contentType}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return 'not JSON';
  }
  if (answer.status < 400) return body.success === true && 'data' in body ? null : 'success without data';
  if (body.success !== false) return 'a failure without success: false';
  if (typeof body.error !== 'string' || body.error.trim() === '') return 'no error text';
  if (!errorCodes.includes(body.code as (typeof errorCodes)[number])) return `code ${String(body.code)}`;
  if (typeof body.requestId !== 'string' || body.requestId === '') return 'no requestId';
  if (answer.status === 400) {
    const issues = body.issues;
    const wellFormed =
      Array.isArray(issues) &&
      issues.length > 0 &&
      issues.every(
        (issue: { path?: unknown; message?: unknown }) =>
          typeof issue.path === 'string' && typeof issue.message === 'string' && issue.message !== '',
      );
    if (!wellFormed) return 'a 400 without issues';
  }
  return null;
}
