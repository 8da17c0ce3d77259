import type { Page } from 'playwright-core';
import type { Task, TaskInput } from '../../../contracts/tasks';
import { FORM_NOW, MESSAGE, pickerCustomers } from '../../../machines/task-form/task-form.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type TaskFormLayer,
  taskFormDriver,
  taskFormExpectation,
} from '../../../tests/support/drivers/task-form.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';
import { fixPlanClock, pageIso } from './plan-clock';

const SAVE_URL = /\/api\/tasks(\/[^/]+)?$/;

/** The plan's customers (Maria Silva with WhatsApp, João Pereira without), by their plan id. */
type CustomerIds = Map<string, string>;

const shownPhone = (digits: string) => `(${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;

async function makeCustomers(api: ApiCall): Promise<CustomerIds> {
  const ids: CustomerIds = new Map();
  for (const customer of pickerCustomers) {
    const made = await api<{ customer: { id: string } }>('POST', '/api/customers', {
      name: customer.name,
      phone: customer.phone ? shownPhone(customer.phone) : null,
    });
    ids.set(customer.id, made.customer.id);
  }
  return ids;
}

/**
 * The edit scenario's task, made anew for each path through the real API (a path before may have
 * saved it). A customer without WhatsApp gets a number for the follow-up to be written, then loses it.
 */
async function makeTask(page: Page, api: ApiCall, customers: CustomerIds, task: Task): Promise<string> {
  const plan = pickerCustomers.find((c) => c.id === task.customer?.id);
  const customerId = plan ? customers.get(plan.id)! : null;
  const lostPhone = plan !== undefined && plan.phone === null;
  if (lostPhone)
    await api('PUT', `/api/customers/${customerId}`, { name: plan.name, phone: '(11) 91234-5678' });
  const body: TaskInput = {
    title: task.title,
    description: task.description,
    dueAt: await pageIso(page, task.dueAt),
    customerId,
    recurrence: task.recurrence,
    followUpMessage: task.referenceEntityId ? MESSAGE : null,
  };
  const made = await api<{ task: { id: string } }>('POST', '/api/tasks', body);
  if (lostPhone) await api('PUT', `/api/customers/${customerId}`, { name: plan.name, phone: null });
  return made.task.id;
}

interface Run {
  context: ReplayContext;
  customers: CustomerIds;
  saves: HeldCalls;
  /** The plan's task id and the one the server gave it, once an edit page is open. */
  task: { planned: string; real: string } | null;
  driver: ReturnType<typeof taskFormDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, run: () => Run): TaskFormLayer {
  const address = (planned: string) => {
    const { task } = run();
    return task ? planned.replace(task.planned, task.real) : planned;
  };
  return {
    async open(action) {
      const current = run();
      if (action.loads) {
        const real = await makeTask(
          page,
          apiOf(page, current.context.baseURL),
          current.customers,
          action.loads.task,
        );
        current.task = { planned: action.loads.task.id, real };
      }
      await page.goto(new URL(address(action.url), current.context.baseURL).toString());
      await page.getByLabel('Título').waitFor();
    },
    address,
    async answerSave(action) {
      const { customers } = run();
      const planned = action.body as TaskInput;
      const body = {
        ...planned,
        dueAt: planned.dueAt ? await pageIso(page, planned.dueAt) : planned.dueAt,
        customerId: planned.customerId ? (customers.get(planned.customerId) ?? planned.customerId) : null,
      };
      const expected = { method: action.method, path: address(action.url), body };
      await run().saves.answerChecked(
        (request) => {
          const sent = {
            method: request.method(),
            path: new URL(request.url()).pathname,
            body: request.postDataJSON() as unknown,
          };
          return JSON.stringify(sent) === JSON.stringify(expected)
            ? null
            : `the app sent ${JSON.stringify(sent)}, not ${JSON.stringify(expected)}`;
        },
        // The real server saves; its refusals on demand (400 on the customer, 500) are served here.
        action.status < 300 ? 'real-server' : { status: action.status, body: action.reply },
      );
    },
  };
}

/**
 * "Nova tarefa" and the edit pages in Chromium: the plan's clock, customers and (for an edit) the
 * task with its follow-up made through the real API; each save held with page.route until its step
 * lets the real server save or serves the refusal.
 */
export const taskFormBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/tasks/new',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'the customers Maria Silva (WhatsApp) and João Pereira (none) and, for an edit, the task with its ' +
    'follow-up made through the real API; the clock fixed at 15 Jan 2030 09:20 (page.clock); each save held ' +
    'with page.route until its step lets the real server save it, the 400 and 500 refusals served with page.route',
  expectation: taskFormExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'task-form');
    const customers = await context.once('task-form:customers', () =>
      makeCustomers(apiOf(page, context.baseURL)),
    );
    await fixPlanClock(page, FORM_NOW.getTime());
    const saves = await HeldCalls.on(page, ['POST', 'PUT'], SAVE_URL);
    const run: Run = {
      context,
      customers,
      saves,
      task: null,
      driver: undefined as never,
    };
    run.driver = taskFormDriver(
      browserSurface(page),
      layerFor(page, () => run),
    );
    runs.set(page, run);
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
