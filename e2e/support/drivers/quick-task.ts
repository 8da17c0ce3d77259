import type { Page } from 'playwright-core';
import { MARIA, NOW } from '../../../machines/quick-task/quick-task.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type QuickTaskLayer,
  quickTaskDriver,
  quickTaskExpectation,
} from '../../../tests/support/drivers/quick-task.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';
import { fixPlanClock, pageIso } from './plan-clock';

const CREATE_URL = /\/api\/tasks$/;

const runs = new WeakMap<Page, { driver: ReturnType<typeof quickTaskDriver> }>();

function layerFor(page: Page, context: ReplayContext, mariaId: string, creates: HeldCalls): QuickTaskLayer {
  return {
    async open() {
      await page.goto(new URL('/home', context.baseURL).toString());
      await page.getByRole('button', { name: 'Adicionar tarefa' }).waitFor();
    },
    async answerCreate({ body, status, reply }) {
      const expected = {
        ...body,
        dueAt: await pageIso(page, body.dueAt),
        customerId: body.customerId === MARIA.id ? mariaId : body.customerId,
      };
      return creates.answerChecked(
        (request) => {
          const sent = request.method() === 'POST' ? (request.postDataJSON() as unknown) : null;
          return JSON.stringify(sent) === JSON.stringify(expected)
            ? null
            : `the app sent ${request.method()} ${JSON.stringify(sent)}, not ${JSON.stringify(expected)}`;
        },
        // The real server creates the task; its refusals on demand are served here.
        status < 300 ? 'real-server' : { status, body: reply },
      );
    },
  };
}

/**
 * The quick-add sheet on /home in Chromium: the plan's clock and time zone, a customer "Maria
 * Souza" made through the real API, each POST /api/tasks held with page.route until its step lets
 * the real server create the task or serves the refusal (400 on the customer, 500).
 */
export const quickTaskBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/home',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'the customer Maria Souza made through the real API; the clock fixed at Tue 15 Jan 2030 13:20 (page.clock); each ' +
    'POST /api/tasks held with page.route until its step lets the real server create the task, the 400 and ' +
    '500 refusals served with page.route',
  expectation: quickTaskExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'quick-task');
    const api = apiOf(page, context.baseURL);
    const mariaId = await context.once('quick-task:maria', async () => {
      const made = await api<{ customer: { id: string } }>('POST', '/api/customers', {
        name: MARIA.name,
        phone: '(11) 98765-4321',
      });
      return made.customer.id;
    });
    await fixPlanClock(page, NOW);
    const creates = await HeldCalls.on(page, 'POST', CREATE_URL);
    runs.set(page, {
      driver: quickTaskDriver(browserSurface(page), layerFor(page, context, mariaId, creates)),
    });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
