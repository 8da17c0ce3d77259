import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/types';
import type { EmailMessage } from '../../server/integrations/mail/enqueue-email';

/** What the hosted login's pages answer, with the cookies it set. */
export interface PageResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  location: string | undefined;
  setCookies: { name: string; value: string; raw: string }[];
}

let nextAddress = 1;

/**
 * A browser on the hosted login: keeps its cookies (all under /auth) and comes from an address of its
 * own, so per-address rate limits of one test never reach another.
 */
export class HostedBrowser {
  readonly cookies = new Map<string, string>();
  readonly address: string;

  constructor(
    private readonly app: FastifyInstance,
    address?: string,
  ) {
    this.address = address ?? `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  }

  get(url: string): Promise<PageResponse> {
    return this.request('GET', url);
  }

  /** Posts a form as a browser would (application/x-www-form-urlencoded). */
  post(url: string, fields: Record<string, string>): Promise<PageResponse> {
    return this.request('POST', url, new URLSearchParams(fields).toString());
  }

  /** Opens `pageUrl`, then submits its form to `action` with the page's CSRF token and `fields`. */
  async submit(pageUrl: string, action: string, fields: Record<string, string>): Promise<PageResponse> {
    const page = await this.get(pageUrl);
    return this.post(action, { ...hiddenInputs(page.body), ...fields });
  }

  private async request(method: 'GET' | 'POST', url: string, payload?: string): Promise<PageResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        accept: 'text/html',
        'user-agent': 'vitest-browser',
        ...(cookie && { cookie }),
        ...(payload !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(payload !== undefined && { payload }),
    });
    const raw = res.headers['set-cookie'];
    const setCookies = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((line) => {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), raw: line };
    });
    for (const set of setCookies) {
      if (/max-age=0/i.test(set.raw)) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
      setCookies,
    };
  }
}

/** The hidden inputs of a page's (first) form, as name → value. */
export function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] ??= decodeEntities(match[2]!);
  }
  return fields;
}

export function csrfIn(html: string): string {
  const token = hiddenInputs(html).csrf;
  if (!token) throw new Error('the page has no CSRF field');
  return token;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The e-mails queued so far (mail.send jobs), oldest first. */
export async function queuedEmails(db: Db, to?: string): Promise<EmailMessage[]> {
  const { rows } = await db.query<{ payload: EmailMessage }>(
    `SELECT payload FROM jobs WHERE kind = 'mail.send' AND ($1::text IS NULL OR payload->>'to' = $1)
      ORDER BY created_at, id`,
    [to ?? null],
  );
  return rows.map((row) => row.payload);
}

/** The first link in `text` that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
