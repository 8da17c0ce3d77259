import { screen } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { ACTIVITY_PAGE_SIZE, type ActivityEvent } from '../../../contracts/activity';
import { customerPhoneKey, normalizeCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { CONVERSATION_LIMIT_DEFAULT, type ConversationMessage } from '../../../contracts/conversation';
import {
  type Customer,
  type CustomerDetail,
  customerInputSchema,
  duplicatePhoneText,
  EXPORT_CUSTOMERS_URL,
  type ImportBatchBody,
  type ImportBatchResult,
  type ImportFile,
  type ImportRowResult,
  type ImportSummary,
  importSkipReasons,
} from '../../../contracts/customers';
import { searchText } from '../../../contracts/search-text';
import { appRoutes } from '../../../src/app/routing/routes';
import { customer } from './customer-fixtures';
import { type Answer, type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './fake-api';
import { json } from './network';
import { fakeWhatsappSendingRoutes, type SendingEndpoint } from './whatsapp-sending-api';

/** `count` customers named "Cliente 001"… in order. */
export function manyCustomers(count: number): Customer[] {
  return Array.from({ length: count }, (_, i) =>
    customer({
      id: `c-many-${i + 1}`,
      name: `Cliente ${String(i + 1).padStart(3, '0')}`,
      phone: `55119${String(10_000_000 + i).padStart(8, '0')}`,
      email: null,
    }),
  );
}

type Endpoint = 'list' | 'detail' | 'create' | 'update' | 'delete' | 'import' | 'findImport' | 'export';

export interface CustomersServerOptions {
  customers?: Customer[];
  /** Detail extras per customer id (tasks, deals). */
  details?: Record<string, Pick<CustomerDetail, 'tasks' | 'deals'>>;
  /** An answer that replaces the fake's own for every call of an endpoint. */
  answers?: Partial<Record<Endpoint, Reply>>;
  /** Each customer's WhatsApp messages, newest first (GET /api/customers/{id}/conversation). */
  conversations?: Record<string, ConversationMessage[]>;
  /** Messages per conversation page (the contract's default otherwise). */
  conversationPageSize?: number;
  /** Each customer's activity lines, newest first (GET /api/customers/{id}/activity). */
  activity?: Record<string, ActivityEvent[]>;
  /** Lines per activity page (the contract's default otherwise). */
  activityPageSize?: number;
  /** The customer page's sending calls (window, follow-ups, templates, reply), when not the defaults. */
  sending?: Partial<Record<SendingEndpoint, Answer>>;
  /** A search counts its matches up to this many and says "more" past it, as the server does. */
  searchCountBound?: number;
}

/**
 * The customers API as the contract says, over a list kept in memory: search by name, e-mail or
 * phone (accents ignored, from 2 characters), cursor pages (the cursor is the offset) or `page`,
 * create/update checked with the contract's schema and one phone per person (409 naming the other
 * customer), delete, import batches answered once per (importId, batch) with the import's file
 * found again by its hash (GET /api/customers/imports), and the CSV export.
 * Every request is recorded per endpoint; `failNext` makes the next call of one fail.
 */
export function fakeCustomersServer(options: CustomersServerOptions = {}) {
  const customers = [...(options.customers ?? [])];
  const conversations: Record<string, ConversationMessage[]> = { ...options.conversations };
  const conversationRequests: Request[] = [];
  /** A standing answer for the conversation instead of the fake's own (a failure). */
  let conversationAnswer: Reply | null = null;
  const answers = { ...options.answers };
  const sending = fakeWhatsappSendingRoutes(options.sending);
  const activityLines: Record<string, ActivityEvent[]> = { ...options.activity };
  /** The customer's activity, cursor paged (the cursor is the offset). */
  const activityPages: Answer = (_request, url) => {
    const id = decodeURIComponent(/^\/api\/customers\/([^/]+)\/activity$/.exec(url.pathname)![1]!);
    const all = activityLines[id] ?? [];
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const size = options.activityPageSize ?? ACTIVITY_PAGE_SIZE;
    const more = from + size < all.length;
    return ok({
      events: all.slice(from, from + size),
      pageInfo: { hasNextPage: more, endCursor: more ? String(from + size) : null },
    });
  };
  const activity = new HeldCalls(activityPages);
  const requests: Record<Endpoint, Request[]> = {
    list: [],
    detail: [],
    create: [],
    update: [],
    delete: [],
    import: [],
    findImport: [],
    export: [],
  };
  const bodies: Record<Endpoint, unknown[]> = {
    list: [],
    detail: [],
    create: [],
    update: [],
    delete: [],
    import: [],
    findImport: [],
    export: [],
  };
  const failing = new Map<Endpoint, Array<Reply | null>>();
  const imports = new Map<string, ImportBatchResult>();
  /** The imports' files, by import id, as their first batch named them, and when. */
  const importFiles = new Map<string, { file: ImportFile; startedAt: string }>();
  /** What the summary says an import started at (a fixed time the tests can read back). */
  const IMPORT_STARTED_AT = '2030-01-14T13:05:00.000Z';

  function findImport(fileHash: string | null): Reply {
    const found = [...importFiles.entries()].filter(([, { file }]) => file.hash === fileHash).at(-1);
    if (!found) return ok({ import: null });
    const [importId, { file, startedAt }] = found;
    const done = [...imports.entries()].filter(([key]) => key.startsWith(`${importId}/`)).map(([, r]) => r);
    const summary: ImportSummary = {
      importId,
      fileName: file.name,
      startedAt,
      lastBatchAt: startedAt,
      rows: file.rows,
      batchSize: file.batchSize,
      batches: Math.ceil(file.rows / file.batchSize),
      batchesDone: done.length,
      created: done.reduce((sum, r) => sum + r.created, 0),
      skipped: done.reduce((sum, r) => sum + r.skipped, 0),
      mapping: file.mapping,
    };
    return ok({ import: summary });
  }
  let held: { endpoint: Endpoint; release: Array<() => void> } | null = null;
  let inFlight = 0;

  const reply = (r: Reply): Promise<Response> =>
    r === 'network-error'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(json(r.body, r.status));

  const matching = (search: string | null) => {
    const text = searchText(search ?? '');
    if (text.length < 2) return customers;
    const digits = text.replace(/\D/g, '');
    return customers.filter(
      (c) =>
        searchText(c.name).includes(text) ||
        searchText(c.email ?? '').includes(text) ||
        (digits.length >= 2 && (c.phone ?? '').includes(digits)),
    );
  };

  const phoneOwner = (phone: string | null | undefined, except?: string) => {
    const stored = phone ? normalizeCustomerPhone(phone) : null;
    if (!stored) return undefined;
    return customers.find(
      (c) => c.id !== except && c.phone !== null && customerPhoneKey(c.phone) === customerPhoneKey(stored),
    );
  };

  async function handle(endpoint: Endpoint, request: Request, run: () => Reply | Promise<Response>) {
    inFlight++;
    try {
      return await answer(endpoint, request, run);
    } finally {
      inFlight--;
    }
  }

  async function answer(endpoint: Endpoint, request: Request, run: () => Reply | Promise<Response>) {
    requests[endpoint].push(request);
    if (request.method !== 'GET' && request.method !== 'DELETE')
      bodies[endpoint].push(await request.clone().json());
    if (held?.endpoint === endpoint) await new Promise<void>((resolve) => held!.release.push(resolve));
    const queued = failing.get(endpoint)?.shift();
    if (queued) return reply(queued);
    // null in the queue: this call gets the fake's own answer.
    const standing = answers[endpoint];
    if (standing) return reply(standing);
    const result = run();
    return result instanceof Promise ? result : reply(result);
  }

  function save(body: unknown, id?: string): Reply {
    const checked = customerInputSchema.safeParse(body);
    if (!checked.success) {
      return failed(
        400,
        'Confira os campos destacados.',
        'VALIDATION_ERROR',
        checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const input = checked.data;
    const other = phoneOwner(input.phone, id);
    if (other) return failed(409, duplicatePhoneText(other.name), 'CONFLICT');
    const fields = {
      name: input.name,
      phone: input.phone ? normalizeCustomerPhone(input.phone) : null,
      email: input.email || null,
      notes: input.notes || null,
      tags: input.tags ?? [],
      source: input.source ?? null,
    };
    if (id) {
      const index = customers.findIndex((c) => c.id === id);
      if (index < 0) return failed(404, 'Cliente não encontrado.', 'NOT_FOUND');
      customers[index] = { ...customers[index]!, ...fields, updatedAt: '2030-01-15T12:00:00.000Z' };
      return ok({ customer: customers[index] });
    }
    const created = customer({ id: `c-new-${customers.length + 1}`, ...fields });
    customers.unshift(created);
    return ok({ customer: created }, 201);
  }

  function importBatch(body: ImportBatchBody): Reply {
    const key = `${body.importId}/${body.batch}`;
    const stored = imports.get(key);
    if (stored) return ok(stored);
    const rows: ImportRowResult[] = body.rows.map((row) => {
      if (!row.name) return { line: row.line, status: 'skipped', reason: importSkipReasons.missingName };
      const phone = row.phone ? normalizeCustomerPhone(row.phone) : null;
      if (row.phone && !phone)
        return { line: row.line, status: 'skipped', reason: importSkipReasons.invalidPhone };
      const owner = phoneOwner(phone);
      if (owner)
        return {
          line: row.line,
          status: 'skipped',
          reason: `${importSkipReasons.duplicatePhone} (${owner.name}).`,
        };
      const created = customer({
        name: row.name,
        phone,
        email: row.email ?? null,
        tags: row.tags ?? [],
        source: 'importacao',
      });
      customers.push(created);
      return { line: row.line, status: 'created', customerId: created.id };
    });
    const result = {
      created: rows.filter((r) => r.status === 'created').length,
      skipped: rows.filter((r) => r.status === 'skipped').length,
      rows,
    };
    imports.set(key, result);
    if (body.file && !importFiles.has(body.importId)) {
      importFiles.set(body.importId, { file: body.file, startedAt: IMPORT_STARTED_AT });
    }
    return ok(result);
  }

  const routes: FakeRoutes = (request) => {
    const sent = sending.routes(request);
    if (sent) return sent;
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === EXPORT_CUSTOMERS_URL && request.method === 'GET') {
      return handle('export', request, () =>
        Promise.resolve(
          new Response(
            `\uFEFFnome;telefone\r\n${customers.map((c) => `${c.name};${c.phone ?? ''}`).join('\r\n')}`,
            {
              status: 200,
              headers: {
                'content-type': 'text/csv; charset=utf-8',
                'content-disposition': 'attachment; filename="clientes-2030-01-15.csv"',
              },
            },
          ),
        ),
      );
    }
    if (pathname === '/api/customers/imports' && request.method === 'GET') {
      return handle('findImport', request, () => findImport(url.searchParams.get('fileHash')));
    }
    if (pathname === '/api/customers/import' && request.method === 'POST') {
      return handle('import', request, async () =>
        reply(importBatch((await request.clone().json()) as ImportBatchBody)),
      );
    }
    if (pathname === '/api/customers' && request.method === 'GET') {
      return handle('list', request, () => {
        const found = matching(url.searchParams.get('search'));
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const cursor = url.searchParams.get('cursor');
        const page = Number(url.searchParams.get('page') ?? 1);
        const start = cursor !== null ? Number(cursor) : (page - 1) * limit;
        const slice = found.slice(start, start + limit);
        const end = start + slice.length;
        const searching = searchText(url.searchParams.get('search') ?? '').length >= 2;
        const bound = searching ? options.searchCountBound : undefined;
        const past = bound !== undefined && found.length > bound;
        return ok({
          customers: slice,
          totalCount: past ? bound : found.length,
          totalCountExact: !past,
          endCursor: slice.length > 0 ? String(end) : null,
          hasNextPage: end < found.length,
        });
      });
    }
    if (pathname === '/api/customers' && request.method === 'POST') {
      return handle('create', request, async () => reply(save(await request.clone().json())));
    }
    const conversation = /^\/api\/customers\/([^/]+)\/conversation$/.exec(pathname);
    if (conversation && request.method === 'GET') {
      conversationRequests.push(request);
      if (conversationAnswer) return reply(conversationAnswer);
      const all = conversations[decodeURIComponent(conversation[1]!)] ?? [];
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const size = options.conversationPageSize ?? CONVERSATION_LIMIT_DEFAULT;
      const items = all.slice(from, from + size);
      const more = from + size < all.length;
      return reply(
        ok({ items, pageInfo: { hasNextPage: more, endCursor: more ? String(from + size) : null } }),
      );
    }
    if (/^\/api\/customers\/[^/]+\/activity$/.test(pathname) && request.method === 'GET') {
      return activity.receive(request);
    }
    const match = /^\/api\/customers\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    const id = decodeURIComponent(match[1]!);
    const notFound = failed(404, 'Cliente não encontrado.', 'NOT_FOUND');
    if (request.method === 'GET') {
      return handle('detail', request, () => {
        const found = customers.find((c) => c.id === id);
        if (!found) return notFound;
        return ok({ customer: found, ...(options.details?.[id] ?? { tasks: [], deals: [] }) });
      });
    }
    if (request.method === 'PUT') {
      return handle('update', request, async () => reply(save(await request.clone().json(), id)));
    }
    if (request.method === 'DELETE') {
      return handle('delete', request, () => {
        const index = customers.findIndex((c) => c.id === id);
        if (index < 0) return notFound;
        customers.splice(index, 1);
        return ok({ deleted: true });
      });
    }
    return undefined;
  };

  return {
    routes,
    customers,
    conversations,
    conversationRequests,
    /** The sending calls of the customer page (window, follow-ups, templates, reply). */
    sending,
    /** GET /api/customers/{id}/activity: paged from `activity` until `always` says otherwise. */
    activity,
    /** The fake's own answer for the activity (to go back to after a failure). */
    activityPages,
    answerConversation(answer: Reply | null) {
      conversationAnswer = answer;
    },
    requests,
    bodies,
    answers,
    /** The next call(s) of `endpoint` get these replies, in order (null: the fake's own answer). */
    failNext(endpoint: Endpoint, ...replies: Array<Reply | null>) {
      failing.set(endpoint, [...(failing.get(endpoint) ?? []), ...replies]);
    },
    /** Calls of `endpoint` wait until `release()` (each call once). */
    hold(endpoint: Endpoint) {
      held = { endpoint, release: [] };
      return {
        get waiting() {
          return held?.release.length ?? 0;
        },
        release() {
          const waiting = held?.release ?? [];
          held = null;
          for (const resolve of waiting) resolve();
        },
      };
    },
    /** Calls being answered now, not counting those held on purpose. */
    get inFlight() {
      return inFlight - (held?.release.length ?? 0);
    },
    /** The query parameters of the list calls, in order. */
    listQueries(): Array<Record<string, string>> {
      return requests.list.map((r) => Object.fromEntries(new URL(r.url).searchParams));
    },
  };
}

/**
 * Downloads the customers pages' chunks (and the import sheet's) before the tests of a block, so
 * they render in the same pass as their route, also on a fake clock.
 */
export function withCustomerPagesPreloaded(): void {
  beforeAll(async () => {
    await Promise.all(
      appRoutes.flatMap((route) =>
        route.page && route.path.startsWith('/customers') ? [route.page.preload()] : [],
      ),
    );
    await import('../../../src/features/customers/import/ImportSheet');
  });
}

/**
 * Lets the app settle however loaded the machine is: rounds of settleQueries until `done()` holds
 * and the page has not changed for 3 rounds (a fixed number of rounds is not enough when React
 * has to yield more often). Throws if that never happens within `rounds`.
 */
export async function settleUntil(done: () => unknown = () => true, rounds = 300): Promise<void> {
  let last = '';
  let unchanged = 0;
  for (let i = 0; i < rounds; i++) {
    await settleQueries(1);
    const html = document.body.innerHTML;
    unchanged = html === last ? unchanged + 1 : 0;
    last = html;
    if (unchanged >= 3 && done()) return;
  }
  throw new Error('The page never settled');
}

/**
 * Settles until no call of `server` is being answered (held ones aside), nothing is loading (no
 * page, list or file being read), and `check` holds.
 */
export function settleCustomers(
  server: ReturnType<typeof fakeCustomersServer>,
  check: () => unknown = () => true,
): Promise<void> {
  return settleUntil(
    () =>
      server.inFlight === 0 &&
      !document.querySelector('.route-loading, .page__status') &&
      !screen.queryByText('Lendo o arquivo...') &&
      check(),
  );
}
