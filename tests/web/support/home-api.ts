import { beforeAll, expect, vi } from 'vitest';
import type { Customer } from '../../../contracts/customers';
import type { Dashboard } from '../../../contracts/dashboard';
import type { Task } from '../../../contracts/tasks';
import { disconnectedWhatsapp, type WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import { appRoutes } from '../../../src/app/routing/routes';
import { customer, customersPage } from './customer-fixtures';
import { type Answer, type FakeRoutes, HeldCalls, ok, type Reply, settleQueries } from './fake-api';
import { openSignedIn } from './signed-in';

/** A moment of today (or `daysFromToday` away) on the test's clock, as the API writes it. */
export function onDay(daysFromToday: number, hour: number, minute = 0): string {
  const now = new Date();
  return new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + daysFromToday,
    hour,
    minute,
  ).toISOString();
}

export function homeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: '3f2b1c0d-1111-4aaa-8bbb-000000000001',
    title: 'Entregar o bolo da Maria',
    description: null,
    dueAt: onDay(0, 15),
    status: 'pending',
    completedAt: null,
    recurrence: 'none',
    customer: { id: 'c-maria', name: 'Maria Souza', phone: '5511987654321' },
    referenceEntityName: null,
    referenceEntityId: null,
    overdue: false,
    assignee: null,
    createdBy: null,
    completedBy: null,
    createdAt: onDay(-3, 9),
    updatedAt: onDay(-3, 9),
    ...overrides,
  };
}

export function overdueTask(): Task {
  return homeTask({
    id: '3f2b1c0d-1111-4aaa-8bbb-000000000002',
    title: 'Cobrar o sinal do João',
    dueAt: onDay(-1, 9),
    overdue: true,
    customer: null,
  });
}

const stage = (
  stageId: string,
  name: string,
  kind: 'open' | 'won' | 'lost',
  dealCount: number,
  cents: number,
) => ({
  stageId,
  name,
  kind,
  dealCount,
  totalValueCents: cents,
});

/** Doces da Ana on an ordinary day, unless overridden. */
export function dashboardData(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    firstName: 'Ana',
    companyName: 'Doces da Ana',
    taskSummary: { today: 2, future: 4, completed: 9, overdue: 1 },
    todayTasks: [homeTask()],
    overdueTasks: [overdueTask()],
    pipeline: [
      stage('s-1', 'Novo contato', 'open', 3, 120000),
      stage('s-2', 'Em negociação', 'open', 2, 45000),
      stage('s-3', 'Proposta enviada', 'open', 1, 30000),
      stage('s-4', 'Fechado ganho', 'won', 4, 210000),
      stage('s-5', 'Fechado perdido', 'lost', 1, 8000),
    ],
    wonThisMonth: { count: 2, totalValueCents: 150000 },
    wonByMonth: [
      { month: '2029-08', count: 1, totalValueCents: 30000 },
      { month: '2029-09', count: 0, totalValueCents: 0 },
      { month: '2029-10', count: 3, totalValueCents: 95000 },
      { month: '2029-11', count: 2, totalValueCents: 60000 },
      { month: '2029-12', count: 5, totalValueCents: 240000 },
      { month: '2030-01', count: 2, totalValueCents: 150000 },
    ],
    customerCount: 42,
    hasPendingSuggestions: false,
    ...overrides,
  };
}

/** A company that has just started: nothing yet. */
export function emptyDashboard(): Dashboard {
  return dashboardData({
    taskSummary: { today: 0, future: 0, completed: 0, overdue: 0 },
    todayTasks: [],
    overdueTasks: [],
    pipeline: dashboardData().pipeline.map((s) => ({ ...s, dealCount: 0, totalValueCents: 0 })),
    wonThisMonth: { count: 0, totalValueCents: 0 },
    wonByMonth: dashboardData().wonByMonth.map((m) => ({ ...m, count: 0, totalValueCents: 0 })),
    customerCount: 0,
    hasPendingSuggestions: false,
  });
}

export function whatsappState(overrides: Partial<WhatsappConnectionState> = {}): WhatsappConnectionState {
  return { ...disconnectedWhatsapp, ...overrides };
}

/** The customer the home page's picker lists. */
export function pickerCustomer(): Customer {
  return customer({
    id: '7d1c2f4e-8a51-4c59-9d57-1f0a2b3c4d5e',
    name: 'Maria Souza',
    email: null,
    createdAt: onDay(-30, 10),
    updatedAt: onDay(-30, 10),
  });
}

/**
 * The calls of /home: the dashboard, the WhatsApp status, the customer picker, creating a task and
 * completing one, each held until the test answers, or answered at once with a standing reply.
 */
export function fakeHomeRoutes(
  standing: {
    dashboard?: Answer;
    whatsapp?: Reply;
    customers?: Reply;
    create?: Reply;
    complete?: Reply;
  } = {},
) {
  const dashboard = new HeldCalls(standing.dashboard);
  const whatsapp = new HeldCalls(standing.whatsapp);
  const customers = new HeldCalls(standing.customers);
  const create = new HeldCalls(standing.create);
  const complete = new HeldCalls(standing.complete);
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/api/dashboard') return dashboard.receive(request);
    if (request.method === 'GET' && pathname === '/api/whatsapp-connections/status')
      return whatsapp.receive(request);
    if (request.method === 'GET' && pathname === '/api/customers') return customers.receive(request);
    if (request.method === 'POST' && pathname === '/api/tasks') return create.receive(request);
    if (request.method === 'POST' && /^\/api\/tasks\/[^/]+\/complete$/.test(pathname))
      return complete.receive(request);
    return undefined;
  };
  return { dashboard, whatsapp, customers, create, complete, routes };
}

/** /home for a signed-in owner, with the dashboard and the connection answered as given. */
export async function openHome(
  standing: Parameters<typeof fakeHomeRoutes>[0] = {},
  { settle = true }: { settle?: boolean } = {},
) {
  const replies = {
    dashboard: ok(dashboardData()),
    whatsapp: ok(whatsappState()),
    customers: ok(customersPage([pickerCustomer()])),
    ...standing,
  };
  const home = fakeHomeRoutes(replies);
  const app = openSignedIn('/home', { routes: [home.routes] });
  if (!settle) return { ...app, home };
  await settleQueries();
  // On a busy machine the answers may take a few more rounds: wait until the page shows both.
  if (replies.dashboard && replies.whatsapp) {
    await vi.waitFor(() => {
      expect(document.querySelector('.home-grid')).not.toBeNull();
      expect(document.querySelector('.home-hello .skeleton, .home-whatsapp__loading')).toBeNull();
    });
    await settleQueries();
  }
  return { ...app, home };
}

/**
 * Downloads the chunks of the pages these tests open (not every page: other areas' pages are no
 * business of theirs), so they render in the same pass as their route.
 */
export function withHomePagesPreloaded(paths: readonly string[] = ['/home']): void {
  beforeAll(async () => {
    const pages = appRoutes
      .filter((route) => paths.includes(route.path))
      .flatMap((route) => route.page ?? []);
    await Promise.all(pages.map((page) => page.preload()));
  });
}
