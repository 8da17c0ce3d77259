import type { Page } from 'playwright-core';
import { CUSTOMER_NAME, TASK_TITLE } from '../../../machines/confirm-delete/confirm-delete.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type ConfirmDeleteLayer,
  confirmDeleteDriver,
  confirmDeleteExpectation,
} from '../../../tests/support/drivers/confirm-delete.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

const DELETE_URL = /\/api\/(customers|tasks)\/[^/]+$/;

/** The path's record, made anew through the real API (the path before may have deleted its own). */
async function makeRecord(api: ApiCall, url: string): Promise<string> {
  if (url.startsWith('/customers/')) {
    const made = await api<{ customer: { id: string } }>('POST', '/api/customers', {
      name: CUSTOMER_NAME,
      phone: null,
    });
    return made.customer.id;
  }
  // Due in a week, so it is on the list and far from any edge of the day.
  const dueAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const made = await api<{ task: { id: string } }>('POST', '/api/tasks', { title: TASK_TITLE, dueAt });
  return made.task.id;
}

interface Run {
  context: ReplayContext;
  deletes: HeldCalls;
  id: string | null;
  driver: ReturnType<typeof confirmDeleteDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, run: () => Run): ConfirmDeleteLayer {
  const address = (planned: string) => planned.replace('{id}', run().id ?? '{id}');
  return {
    async open(action) {
      const current = run();
      current.id = await makeRecord(apiOf(page, current.context.baseURL), action.url);
      await page.goto(new URL(address(action.url), current.context.baseURL).toString());
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    },
    address,
    answer: (action) =>
      run().deletes.answerChecked(
        (request) => {
          const sent = `${request.method()} ${new URL(request.url()).pathname}`;
          const expected = `DELETE ${address(action.call)}`;
          return sent === expected ? null : `the app sent ${sent}, not ${expected}`;
        },
        // The real server deletes; the 500 it cannot give on demand is served here.
        action.status === 200 ? 'real-server' : { status: action.status, body: action.body },
      ),
  };
}

/**
 * A customer's "Excluir" and a task's delete page in Chromium: a fresh account, the path's customer
 * or task made through the real API; each delete held with page.route until its step lets the real
 * server delete it or serves the 500.
 */
export const confirmDeleteBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'for each path the customer Ana Souza or the task "Entregar bolo de aniversário" made through the real API; ' +
    'each delete held with page.route until its step lets the real server delete it, the 500 served with page.route',
  expectation: confirmDeleteExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'confirm-delete');
    const deletes = await HeldCalls.on(page, 'DELETE', DELETE_URL);
    const run: Run = { context, deletes, id: null, driver: undefined as never };
    run.driver = confirmDeleteDriver(
      browserSurface(page),
      layerFor(page, () => run),
    );
    runs.set(page, run);
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
