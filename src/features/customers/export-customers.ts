import { EXPORT_CUSTOMERS_URL } from '../../../contracts/customers';
import { ANSWER_FALLBACK, errorText, noAnswerText } from '../../api/error-text';
import { sessionRequestHeaders } from '../../lib/session/session-headers';
import { reportUnauthorized } from '../../lib/session/unauthorized-signal';

/** Every customer can be a large file: more time than the 10 s of an ordinary call. */
export const EXPORT_TIMEOUT_MS = 60_000;
export const EXPORT_TIMEOUT_TEXT = 'A exportação demorou demais. Tente de novo em instantes.';

export type ExportResult = { ok: true; blob: Blob; filename: string } | { ok: false; error: string };

/** Today on this device, AAAA-MM-DD, for a file the server named none. */
export function localToday(): string {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

const fallbackName = () => `clientes-${localToday()}.csv`;

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : null;
}

/**
 * A download from the API with the session's headers, as the API client sends them (same origin,
 * no cookies). Success is the file itself, not the envelope; a failure is the envelope as JSON,
 * whose `error` the caller shows. Never throws.
 */
export async function fetchApiFile(
  path: string,
  { accept, fallbackName }: { accept: string; fallbackName: () => string },
): Promise<ExportResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, EXPORT_TIMEOUT_MS);
  try {
    const response = await fetch(new URL(path, window.location.origin), {
      method: 'GET',
      headers: { accept: `${accept}, application/json`, ...sessionRequestHeaders() },
      credentials: 'omit',
      mode: 'same-origin',
      signal: controller.signal,
    });
    if (response.status === 401) reportUnauthorized();
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && (accept.includes('json') || !type.includes('application/json'))) {
      const blob = await response.blob();
      return {
        ok: true,
        blob,
        filename: attachmentName(response.headers.get('content-disposition')) ?? fallbackName(),
      };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    return { ok: false, error: errorText(body, ANSWER_FALLBACK) };
  } catch {
    if (timedOut) return { ok: false, error: EXPORT_TIMEOUT_TEXT };
    return { ok: false, error: noAnswerText() };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/customers/export: every customer as CSV. */
export function fetchCustomersExport(): Promise<ExportResult> {
  return fetchApiFile(EXPORT_CUSTOMERS_URL, { accept: 'text/csv', fallbackName });
}
