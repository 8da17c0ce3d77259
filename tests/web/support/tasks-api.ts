import type { FollowUpMessage, Task, TaskSummary } from '../../../contracts/tasks';
import { customersPage } from './customer-fixtures';
import { type Answer, type FakeRoutes, failed, HeldCalls, ok, type Reply } from './fake-api';

export const notFound = (text = 'Tarefa não encontrada.') => failed(404, text, 'NOT_FOUND');

export function tasksPage(tasks: Task[], endCursor: string | null = null) {
  return { tasks, pageInfo: { hasNextPage: endCursor !== null, endCursor } };
}

export function summary(counts: Partial<TaskSummary> = {}): TaskSummary {
  return { today: 0, future: 0, completed: 0, overdue: 0, ...counts };
}

/**
 * The task calls (spec §7) and the customers list the task form's picker reads. The lists and the
 * summary answer empty unless told otherwise; the rest wait for the test.
 */
export function fakeTaskRoutes(answers: Partial<Record<TaskEndpoint, Answer>> = {}) {
  const endpoints = {
    list: new HeldCalls(answers.list ?? ok(tasksPage([]))),
    summary: new HeldCalls(answers.summary ?? ok(summary())),
    detail: new HeldCalls(answers.detail),
    followUp: new HeldCalls(answers.followUp),
    create: new HeldCalls(answers.create),
    update: new HeldCalls(answers.update),
    remove: new HeldCalls(answers.remove),
    removeFollowUp: new HeldCalls(answers.removeFollowUp),
    complete: new HeldCalls(answers.complete),
    reopen: new HeldCalls(answers.reopen),
    customers: new HeldCalls(answers.customers ?? ok(customersPage([]))),
    sendNow: new HeldCalls(answers.sendNow),
    resume: new HeldCalls(answers.resume),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const method = request.method;
    const task = /^\/api\/tasks\/([^/]+)(\/[^/]+)?$/.exec(pathname);
    if (pathname === '/api/customers' && method === 'GET') return endpoints.customers.receive(request);
    if (/^\/api\/followup\/[^/]+\/send-now$/.test(pathname) && method === 'POST')
      return endpoints.sendNow.receive(request);
    if (/^\/api\/customers\/[^/]+\/follow-ups\/resume$/.test(pathname) && method === 'POST')
      return endpoints.resume.receive(request);
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
  | 'customers'
  | 'sendNow'
  | 'resume';

/** The title of the toast with that id, or null when it is not on screen. */
export function toastTitle(id: string): string | null {
  return document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;
}

/** A follow-up as GET /api/followup/{id} answers it. */
export function followUpAnswer(followUp: FollowUpMessage): Reply {
  return ok({ followUpMessage: followUp });
}
