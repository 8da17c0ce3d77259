import { beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../contracts/sales';
import type { Task } from '../../contracts/tasks';
import { REPLY_MESSAGE } from '../../machines/reply-box/reply-box.paths';
import type { SuggestDraft } from '../../machines/suggest-message/suggest-message.machine';
import {
  CUSTOMER_ID,
  CUSTOMER_NAME,
  DEAL_ID,
  suggestMessagePathModel,
  TASK_DUE_AT,
  TASK_ID,
} from '../../machines/suggest-message/suggest-message.paths';
import { formTask } from '../../machines/task-form/task-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type SuggestMessageLayer, suggestMessageDriver } from '../support/drivers/suggest-message.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleUntil } from './support/customers-api';
import { type FakeRoutes, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes } from './support/tasks-api';

const paths = generatePaths(suggestMessagePathModel);

const maria = { id: CUSTOMER_ID, name: CUSTOMER_NAME, phone: '5511987654321' };
const task: Task = formTask({
  id: TASK_ID,
  dueAt: TASK_DUE_AT,
  customer: maria,
  referenceEntityName: null,
  referenceEntityId: null,
});
const deal: Deal = {
  id: DEAL_ID,
  title: 'Orçamento de manicure',
  valueCents: 12_000,
  stageId: 'st-novo',
  customer: { id: CUSTOMER_ID, name: CUSTOMER_NAME },
  expectedCloseDate: null,
  stageEnteredAt: '2030-01-10T12:00:00.000Z',
  assignee: null,
  createdBy: null,
  status: 'open',
  notes: null,
  lostReason: null,
  services: [],
  createdAt: '2030-01-02T12:00:00.000Z',
  updatedAt: '2030-01-15T12:00:00.000Z',
  closedAt: null,
};

/** The calls "Sugerir mensagem" makes, held until the path's step answers them. */
function suggestRoutes() {
  const calls = {
    suggest: new HeldCalls(),
    window: new HeldCalls(
      ok({ canSend: true, windowClosesAt: null, followUpsPausedAt: null, undeliverable: false }),
    ),
    reply: new HeldCalls(),
    create: new HeldCalls(),
    update: new HeldCalls(),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const is = (method: string, path: string | RegExp) =>
      request.method === method && (typeof path === 'string' ? pathname === path : path.test(pathname));
    if (is('POST', '/api/advisor/suggest-message')) return calls.suggest.receive(request);
    if (is('GET', /^\/api\/customers\/[^/]+\/whatsapp$/)) return calls.window.receive(request);
    if (is('POST', /^\/api\/customers\/[^/]+\/messages$/)) return calls.reply.receive(request);
    if (is('POST', '/api/tasks')) return calls.create.receive(request);
    if (is('PUT', /^\/api\/tasks\/[^/]+$/)) return calls.update.receive(request);
    return undefined;
  };
  return { ...calls, routes };
}

/** The deal page's reads. */
const dealRoutes: FakeRoutes = (request) => {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET') return undefined;
  if (pathname === `/api/sales/deals/${DEAL_ID}`) return Promise.resolve(json(ok({ deal, activity: [] })));
  if (pathname === '/api/sales/stages')
    return Promise.resolve(
      json(ok({ stages: [{ id: 'st-novo', name: 'Novo contato', position: 0, kind: 'open' }] })),
    );
  if (pathname === '/api/settings/services') return Promise.resolve(json(ok({ businessServices: [] })));
  return undefined;
};

function json(reply: ReturnType<typeof ok>): Response {
  if (reply === 'network-error') throw new Error('no network error here');
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'content-type': 'application/json' },
  });
}

const pageOf = {
  task: `/tasks/${TASK_ID}`,
  deal: `/sales/${DEAL_ID}`,
  customer: `/customers/${CUSTOMER_ID}`,
};

describe('"Sugerir mensagem": chart paths, as the owner sees them', () => {
  withPagesPreloaded();
  // The sheet and its calls load on the first press; here before the first path, so it renders in the step.
  beforeAll(async () => {
    await import('../../src/ui/suggest-message/SuggestMessageSheet');
    await import('../../src/ui/suggest-message/suggest-message-calls');
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const calls = suggestRoutes();
      const tasks = fakeTaskRoutes({ detail: ok({ task, showNubankWidget: false }) });
      const customers = fakeCustomersServer({ customers: [customer({ ...maria })] });
      let app: ReturnType<typeof openSignedIn> | undefined;
      const waitFor = async (held: HeldCalls, what: string) => {
        for (let round = 0; round < 100 && held.pending === 0; round++) await settleQueries(1);
        expect(held.pending, `${what} waited`).toBeGreaterThan(0);
      };
      const bodies: unknown[] = [];
      const layer: SuggestMessageLayer = {
        async open(action) {
          app = openSignedIn(pageOf[action.place], {
            routes: [calls.routes, tasks.routes, dealRoutes, customers.routes],
          });
          await settleUntil(() => document.querySelector('button[aria-haspopup="dialog"]'));
        },
        async answerDraft(action) {
          await waitFor(calls.suggest, 'the draft');
          if ('status' in action) {
            calls.suggest.answer(
              failed(action.status, action.error, action.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR'),
            );
          } else {
            const { window, ...draft } = action.draft as SuggestDraft;
            calls.window.always(
              ok({
                canSend: window?.canSend ?? true,
                windowClosesAt: window?.windowClosesAt ?? null,
                followUpsPausedAt: null,
                undeliverable: false,
              }),
            );
            calls.suggest.answer(ok(draft));
          }
          await settleQueries();
        },
        async answerSend(action) {
          await waitFor(calls.reply, 'the reply');
          bodies.push(await calls.reply.requests.at(-1)!.clone().json());
          calls.reply.answer(
            action.status === 201
              ? ok({ message: { ...REPLY_MESSAGE, body: (bodies.at(-1) as { text: string }).text } }, 201)
              : failed(502, action.error, 'WHATSAPP_GRAPH_REFUSED'),
          );
          await settleQueries();
        },
        async answerSchedule(action) {
          const held = action.place === 'task' ? calls.update : calls.create;
          await waitFor(held, 'the task save');
          bodies.push(await held.requests.at(-1)!.clone().json());
          held.answer(action.status === 500 ? failed(500, action.error) : ok({ task }, action.status));
          await settleQueries();
        },
        async lastSentText() {
          const last = bodies.at(-1) as { text?: string; followUpMessage?: string } | undefined;
          return last?.text ?? last?.followUpMessage ?? null;
        },
      };
      const driver = suggestMessageDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(suggestMessagePathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // Nothing left without the owner's click: one call per "Enviar agora" / "Agendar" (and its retries).
      const sends = path.steps.filter((step) => step.state.matches('sending')).length;
      const schedules = path.steps.filter((step) => step.state.matches('scheduling')).length;
      expect(calls.reply.requests.length).toBe(sends);
      expect(calls.create.requests.length + calls.update.requests.length).toBe(schedules);
      // The draft is asked for the place the owner is on.
      const asked = await Promise.all(calls.suggest.requests.map((request) => request.clone().json()));
      for (const body of asked) expect(body).toEqual((path.scenario.input as { target: unknown }).target);
      app?.unmount();
    },
    20_000,
  );
});
