/**
 * Meta's Graph API calls the WhatsApp connection makes (../shared/whatsapp-cloud-api.md), typed, with
 * a time limit on each. The same client talks to graph.facebook.com or the local simulator.
 */

/** What the contract's error table says to do with a failure. */
export type GraphErrorKind =
  | 'outside_window'
  | 'undeliverable'
  | 'throughput'
  | 'pair_rate_limit'
  | 'spam_limit'
  | 'template'
  | 'token'
  | 'transient'
  | 'other';

/**
 * A failed Graph call: Meta's `{error:{message,type,code,error_subcode,error_data,fbtrace_id}}`, or
 * a time-out / network failure (code 0, type `network`, status 0).
 */
export class GraphError extends Error {
  override name = 'GraphError';
  readonly kind: GraphErrorKind;

  constructor(
    /** The HTTP status (0: no answer). */
    readonly status: number,
    readonly code: number,
    readonly type: string,
    message: string,
    readonly subcode: number | null = null,
    readonly fbtraceId: string | null = null,
    readonly details: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.kind = graphErrorKind(status, code);
  }

  /**
   * Whether the message of a send may have gone out: false when Meta answered with this error or
   * the connection failed before the request was written; true when the answer was lost after the
   * request went out (a time-out, a reset), so only a status webhook can tell.
   */
  /**
   * Whether the message of a send may have gone out although this error came back: true when the
   * answer was lost after the request was written (a time-out, a reset), so only a status webhook
   * can tell; false when Meta answered with this error or the connection failed before writing.
   */
  outcomeUnknown = false;

  /** Worth trying again later (with backoff). */
  get retryable(): boolean {
    return this.kind === 'transient' || this.kind === 'throughput' || this.kind === 'pair_rate_limit';
  }
}

export function graphErrorKind(status: number, code: number): GraphErrorKind {
  if (status === 0) return 'transient';
  if (code === 190 || status === 401) return 'token';
  switch (code) {
    case 131047:
      return 'outside_window';
    case 131026:
      return 'undeliverable';
    case 130429:
      return 'throughput';
    case 131056:
      return 'pair_rate_limit';
    case 131048:
    case 131049:
      return 'spam_limit';
    case 132000:
    case 132001:
    case 132018:
      return 'template';
    case 1:
    case 2:
    case 131000:
      return 'transient';
  }
  return status >= 500 ? 'transient' : 'other';
}

export interface PhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
}

export interface MediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number;
}

export type SmbSyncType = 'smb_app_state_sync' | 'history';

/** One of a template's parts, as Meta lists it (HEADER, BODY, FOOTER, BUTTONS). */
export interface TemplateComponent {
  type: string;
  /** HEADER: TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION. */
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string }[];
}

/** A message template of a WABA (GET /{waba_id}/message_templates). */
export interface MessageTemplate {
  id: string;
  name: string;
  /** Meta's locale code: pt_BR, en_US… */
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED… */
  status: string;
  /** UTILITY, MARKETING or AUTHENTICATION. */
  category: string;
  components: TemplateComponent[];
}

/** A message to send: free text, or a template with its body parameters in order. */
export type OutgoingMessage =
  | { to: string; type: 'text'; body: string }
  | { to: string; type: 'template'; name: string; language: string; parameters: string[] };

/** What Meta answered a send with: the message's id and the recipient's canonical WhatsApp id. */
export interface SentMessage {
  wamid: string;
  waId: string | null;
}

/**
 * Meta refuses a template text parameter holding a newline, a tab or more than four spaces in a row
 * (132000): they become one space.
 */
export function templateParameterText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim();
}

/** Meta's JSON for POST /{phone_number_id}/messages. */
export function messageRequestBody(message: OutgoingMessage, callbackData?: string): Record<string, unknown> {
  const common = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    ...(callbackData !== undefined && { biz_opaque_callback_data: callbackData }),
  };
  if (message.type === 'text') return { ...common, type: 'text', text: { body: message.body } };
  return {
    ...common,
    type: 'template',
    template: {
      name: message.name,
      language: { code: message.language },
      components: [
        {
          type: 'body',
          parameters: message.parameters.map((text) => ({ type: 'text', text: templateParameterText(text) })),
        },
      ],
    },
  };
}

export interface GraphClient {
  /**
   * POST /{phone_number_id}/messages. `callbackData` comes back in the message's status webhooks
   * (biz_opaque_callback_data). A GraphError says, with outcomeUnknown, whether it may have gone out.
   */
  sendMessage(
    token: string,
    phoneNumberId: string,
    message: OutgoingMessage,
    options?: { callbackData?: string; signal?: AbortSignal },
  ): Promise<SentMessage>;
  /** Embedded Signup's code → the business token (the code lives 30 s and works once). */
  exchangeCode(input: {
    clientId: string;
    clientSecret: string;
    code: string;
  }): Promise<{ accessToken: string }>;
  /** Webhooks of this WABA reach the app (POST) or stop (DELETE). */
  subscribeApp(token: string, wabaId: string): Promise<void>;
  unsubscribeApp(token: string, wabaId: string): Promise<void>;
  /** Puts a Cloud API number to work; `pin` becomes its two-step verification PIN. */
  registerNumber(token: string, phoneNumberId: string, pin: string): Promise<void>;
  /** Coexistence: asks Meta to send the Business app's contacts or history as webhooks. */
  requestSmbSync(token: string, phoneNumberId: string, syncType: SmbSyncType): Promise<void>;
  listPhoneNumbers(token: string, wabaId: string): Promise<PhoneNumber[]>;
  getPhoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumber>;
  /** Every message template of the WABA, whatever its status: all pages read. */
  listMessageTemplates(token: string, wabaId: string): Promise<MessageTemplate[]>;
  getMedia(token: string, mediaId: string): Promise<MediaInfo>;
  /** The media file at the URL getMedia gave; the caller reads (or streams) the body. */
  downloadMedia(token: string, url: string): Promise<Response>;
}

export interface GraphClientOptions {
  /** https://graph.facebook.com or the simulator's base; no trailing slash. */
  baseUrl: () => string;
  version: string;
  /** Per call; downloads get this long to start answering. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Templates asked for per page, and how many pages at most (Meta caps a WABA's templates well below). */
const TEMPLATE_PAGE_SIZE = 100;
const TEMPLATE_MAX_PAGES = 100;

interface TemplatesPage {
  data?: unknown;
  paging?: { cursors?: { after?: unknown }; next?: unknown };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A template object as Meta lists it, or null for one this client cannot use. */
function templateOf(value: unknown): MessageTemplate | null {
  if (!isObject(value)) return null;
  const { id, name, language, status, category, components } = value;
  if (typeof name !== 'string' || typeof language !== 'string' || typeof status !== 'string') return null;
  return {
    id: typeof id === 'string' ? id : '',
    name,
    language,
    status,
    category: typeof category === 'string' ? category : '',
    components: Array.isArray(components)
      ? components.filter(
          (part): part is TemplateComponent => isObject(part) && typeof part.type === 'string',
        )
      : [],
  };
}

interface MetaErrorBody {
  error?: {
    message?: unknown;
    type?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    error_data?: { details?: unknown };
    fbtrace_id?: unknown;
  };
}

function errorFrom(status: number, body: unknown): GraphError {
  const error = (body as MetaErrorBody | null)?.error;
  if (!error || typeof error !== 'object') {
    return new GraphError(status, 0, 'unknown', `Graph API answered HTTP ${status}`);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return new GraphError(
    status,
    number(error.code) ?? 0,
    text(error.type) ?? 'unknown',
    text(error.message) ?? `Graph API answered HTTP ${status}`,
    number(error.error_subcode),
    text(error.fbtrace_id),
    text(error.error_data?.details),
  );
}

/** Errors of a connection that never carried the request (nothing was written to Meta). */
const BEFORE_SEND_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * No answer: a time-out or a network failure. Unless the connection failed before the request could
 * be written, the request may have reached Meta (outcomeUnknown).
 */
function networkError(err: unknown): GraphError {
  const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
  const beforeSend = !timedOut && BEFORE_SEND_CODES.has(causeCode(err) ?? '');
  const error = new GraphError(
    0,
    0,
    'network',
    timedOut ? 'Graph API did not answer in time' : 'Graph API could not be reached',
    null,
    null,
    null,
    { cause: err },
  );
  error.outcomeUnknown = !beforeSend;
  return error;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await doFetch(url, { ...init, signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    } catch (err) {
      throw networkError(err);
    }
  }

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    input: { token?: string; query?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const url = new URL(`${options.baseUrl()}/${options.version}/${path}`);
    for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.set(name, value);
    const response = await send(
      url.href,
      {
        method,
        headers: {
          accept: 'application/json',
          ...(input.token && { authorization: `Bearer ${input.token}` }),
          ...(input.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(input.body !== undefined && { body: JSON.stringify(input.body) }),
      },
      input.signal,
    );
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch (err) {
      if (response.ok) throw networkError(err);
    }
    if (!response.ok) throw errorFrom(response.status, parsed);
    return parsed as T;
  }

  const id = (value: string) => encodeURIComponent(value);
  const success = async (answer: Promise<{ success?: boolean }>) => {
    const body = await answer;
    if (body?.success !== true) throw new GraphError(200, 0, 'unknown', 'Graph API did not confirm the call');
  };

  return {
    async sendMessage(token, phoneNumberId, message, sendOptions = {}) {
      const body = await call<{ contacts?: { wa_id?: unknown }[]; messages?: { id?: unknown }[] }>(
        'POST',
        `${id(phoneNumberId)}/messages`,
        {
          token,
          body: messageRequestBody(message, sendOptions.callbackData),
          ...(sendOptions.signal && { signal: sendOptions.signal }),
        },
      );
      const wamid = body?.messages?.[0]?.id;
      if (typeof wamid !== 'string' || !wamid) {
        // Meta answered 200 without an id: it took the message, but we cannot follow it.
        const error = new GraphError(200, 0, 'unknown', 'Graph API answered no message id');
        error.outcomeUnknown = true;
        throw error;
      }
      const waId = body.contacts?.[0]?.wa_id;
      return { wamid, waId: typeof waId === 'string' ? waId : null };
    },
    async exchangeCode({ clientId, clientSecret, code }) {
      const body = await call<{ access_token?: unknown }>('GET', 'oauth/access_token', {
        query: { client_id: clientId, client_secret: clientSecret, code },
      });
      if (typeof body.access_token !== 'string' || !body.access_token) {
        throw new GraphError(200, 0, 'unknown', 'Graph API answered no access token');
      }
      return { accessToken: body.access_token };
    },
    subscribeApp: (token, wabaId) => success(call('POST', `${id(wabaId)}/subscribed_apps`, { token })),
    unsubscribeApp: (token, wabaId) => success(call('DELETE', `${id(wabaId)}/subscribed_apps`, { token })),
    registerNumber: (token, phoneNumberId, pin) =>
      success(
        call('POST', `${id(phoneNumberId)}/register`, {
          token,
          body: { messaging_product: 'whatsapp', pin },
        }),
      ),
    requestSmbSync: (token, phoneNumberId, syncType) =>
      success(
        call('POST', `${id(phoneNumberId)}/smb_app_data`, {
          token,
          body: { messaging_product: 'whatsapp', sync_type: syncType },
        }),
      ),
    async listPhoneNumbers(token, wabaId) {
      const body = await call<{ data?: PhoneNumber[] }>('GET', `${id(wabaId)}/phone_numbers`, {
        token,
        query: { fields: 'id,display_phone_number,verified_name' },
      });
      return Array.isArray(body.data) ? body.data : [];
    },
    getPhoneNumber: (token, phoneNumberId) =>
      call<PhoneNumber>('GET', id(phoneNumberId), {
        token,
        query: { fields: 'id,display_phone_number,verified_name' },
      }),
    async listMessageTemplates(token, wabaId) {
      const templates: MessageTemplate[] = [];
      const seen = new Set<string>();
      let after: string | null = null;
      // Meta pages with cursors: `paging.next` is there while there is more, `cursors.after` says where.
      for (let page = 0; page < TEMPLATE_MAX_PAGES; page += 1) {
        const body: TemplatesPage = await call<TemplatesPage>('GET', `${id(wabaId)}/message_templates`, {
          token,
          query: {
            fields: 'name,language,status,category,components',
            limit: String(TEMPLATE_PAGE_SIZE),
            ...(after && { after }),
          },
        });
        if (Array.isArray(body.data)) {
          for (const item of body.data) {
            const template = templateOf(item);
            if (template) templates.push(template);
          }
        }
        const next = body.paging?.next;
        const cursor = body.paging?.cursors?.after;
        if (typeof next !== 'string' || typeof cursor !== 'string' || !cursor || seen.has(cursor)) {
          return templates;
        }
        seen.add(cursor);
        after = cursor;
      }
      throw new GraphError(200, 0, 'unknown', 'Graph API kept answering more template pages');
    },
    getMedia: (token, mediaId) => call<MediaInfo>('GET', id(mediaId), { token }),
    async downloadMedia(token, url) {
      const response = await send(url, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) {
        let body: unknown = null;
        try {
          body = await response.json();
        } catch {}
        throw errorFrom(response.status, body);
      }
      return response;
    },
  };
}
