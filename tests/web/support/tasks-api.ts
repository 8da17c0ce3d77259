import { act } from '@testing-library/react';
import type { Customer } from '../../../contracts/customers';
import type { FollowUpMessage, Task, TaskSummary } from '../../../contracts/tasks';
import { type FakeRoutes, HeldCalls, type Reply, settle } from './fake-api';
import { json } from './network';

/** A successful answer in the envelope. */
export function ok(data: unknown, status = 200): Reply {
  return { status, body: { success: true, data } };
}

/** A failed answer in the envelope, with the server's pt-BR text. */
export function failed(status: number, error: string, code = 'INTERNAL_ERROR', issues?: unknown[]): Reply {
  return { status, body: { success: false, error, code, ...(issues ? { issues } : {}) } };
}

export const notFound = (text = 'Tarefa não encontrada.') => failed(404, text, 'NOT_FOUND');

/** A customer as GET /api/customers lists it. */
export function customer(overrides: Partial<Customer> & Pick<Customer, 'id' | 'name'>): Customer {
  return {
    phone: null,
    email: null,
    notes: null,
    tags: [],
    source: null,
    createdAt: '2030-01-01T12:00:00.000Z',
    updatedAt: '2030-01-01T12:00:00.000Z',
    lastContactAt: null,
    ...overrides,
  };
}

export function customersPage(customers: Customer[]) {
  return { customers, totalCount: customers.length, endCursor: null, hasNextPage: false };
}

export function tasksPage(tasks: Task[], endCursor: string | null = null) {
  return { tasks, pageInfo: { hasNextPage: endCursor !== null, endCursor } };
}

export function summary(counts: Partial<TaskSummary> = {}): TaskSummary {
  return { today: 0, future: 0, completed: 0, overdue: 0, ...counts };
}

type Answer = Reply | ((request: Request, url: URL) => Reply);

/**
 * One endpoint of the fake API: answered by a standing reply, by a function of the request, or
 * held until the test answers it. Every request is kept.
 */
export class Endpoint {
  readonly held = new HeldCalls();
  private answerWith: Answer | undefined;

  constructor(answer?: Answer) {
    this.answerWith = answer;
  }

  get requests(): Request[] {
    return this.held.requests;
  }

  /** The query string of each request, as an object. */
  get queries(): Array<Record<string, string>> {
    return this.requests.map((request) => Object.fromEntries(new URL(request.url).searchParams));
  }

  /** The path of each request. */
  get paths(): string[] {
    return this.requests.map((request) => new URL(request.url).pathname);
  }

  /** Answers from now on (and the calls waiting) with `answer`; undefined holds the calls again. */
  always(answer: Answer | undefined): void {
    this.answerWith = answer;
    if (answer !== undefined && typeof answer !== 'function') this.held.answer(answer);
  }

  receive(request: Request): Promise<Response> {
    const answer = this.answerWith;
    if (answer === undefined) return this.held.receive(request);
    this.held.requests.push(request);
    const reply = typeof answer === 'function' ? answer(request, new URL(request.url)) : answer;
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(json(reply.body, reply.status));
  }

  /** Answers the calls waiting now; how many there were. */
  answer(reply: Reply): number {
    return this.held.answer(reply);
  }

  get pending(): number {
    return this.held.pending;
  }
}

/**
 * The task calls (spec §7) and the customers list the task form's picker reads. The lists and the
 * summary answer empty unless told otherwise; the rest wait for the test.
 */
export function fakeTaskRoutes(answers: Partial<Record<TaskEndpoint, Answer>> = {}) {
  const endpoints = {
    list: new Endpoint(answers.list ?? ok(tasksPage([]))),
    summary: new Endpoint(answers.summary ?? ok(summary())),
    detail: new Endpoint(answers.detail),
    followUp: new Endpoint(answers.followUp),
    create: new Endpoint(answers.create),
    update: new Endpoint(answers.update),
    remove: new Endpoint(answers.remove),
    removeFollowUp: new Endpoint(answers.removeFollowUp),
    complete: new Endpoint(answers.complete),
    reopen: new Endpoint(answers.reopen),
    customers: new Endpoint(answers.customers ?? ok(customersPage([]))),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const method = request.method;
    const task = /^\/api\/tasks\/([^/]+)(\/[^/]+)?$/.exec(pathname);
    if (pathname === '/api/customers' && method === 'GET') return endpoints.customers.receive(request);
    if (pathname.startsWith('/api/followup/') && method === 'GET') return endpoints.followUp.receive(request);
    if (pathname === '/api/tasks' && method === 'GET') return endpoints.list.receive(request);
    if (pathname === '/api/tasks' && method === 'POST') return endpoints.create.receive(request);
    if (pathname === '/api/tasks/summary' && method === 'GET') return endpoints.summary.receive(request);
    if (!task) return undefined;
    const [, , action] = task;
    if (action === undefined && method === 'GET') return endpoints.detail.receive(request);
    if (action === undefined && method === 'PUT') return endpoints.update.receive(request);
    if (action === undefined && method === 'DELETE') return endpoints.remove.receive(request);
    if (action === '/follow-up' && method === 'DELETE') return endpoints.removeFollowUp.receive(request);
    if (action === '/complete' && method === 'POST') return endpoints.complete.receive(request);
    if (action === '/reopen' && method === 'POST') return endpoints.reopen.receive(request);
    return undefined;
  };
  return { ...endpoints, routes };
}

export type TaskEndpoint =
  | 'list'
  | 'summary'
  | 'detail'
  | 'followUp'
  | 'create'
  | 'update'
  | 'remove'
  | 'removeFollowUp'
  | 'complete'
  | 'reopen'
  | 'customers';

/**
 * Lets fetches, queries and renders settle, waiting on the real timers each round (TanStack Query
 * tells its observers on a setTimeout of 0); also when only Date is faked.
 */
export async function settleTasks(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await settle(1);
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1)));
  }
}

/** The title of the toast with that id, or null when it is not on screen. */
export function toastTitle(id: string): string | null {
  return document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;
}

/** A follow-up as GET /api/followup/{id} answers it. */
export function followUpAnswer(followUp: FollowUpMessage): Reply {
  return ok({ followUpMessage: followUp });
}
