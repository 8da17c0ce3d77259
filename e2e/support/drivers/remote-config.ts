import type { Page, Route } from 'playwright-core';
import { getRemoteConfigContract, type RemoteConfigText } from '../../../contracts/remote-config';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type RemoteConfigLayer,
  remoteConfigDriver,
  remoteConfigExpectation,
} from '../../../tests/support/drivers/remote-config.driver';
import type { UiSurface } from '../../../tests/support/ui/ui-surface';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { navigateInApp } from './in-app-navigation';

/** How long a step waits for the app to ask for the parameters (real time). */
const CALL_TIMEOUT_MS = 5000;

/** Where the run's task (due tomorrow) is listed. */
const TASKS_LIST = '/tasks?filter=future';

/** The server's own answer to too many requests (server/http/error-handler.ts). */
const THROTTLED_REPLY = {
  success: false,
  error: 'Muitas requisições. Tente novamente em instantes.',
  code: 'RATE_LIMITED',
};

/**
 * Every GET /api/remote-config the page makes, held until a step answers it. A call the app gave
 * up on (its client's 10 s time-out, within the chart's 60 s) stays here unanswered: a step answers
 * the newest call, the one the app still waits for.
 */
interface RemoteConfigCalls {
  made: number;
  waiting: Route[];
}

async function holdRemoteConfig(page: Page): Promise<RemoteConfigCalls> {
  const calls: RemoteConfigCalls = { made: 0, waiting: [] };
  await page.route(
    (url) => url.pathname === getRemoteConfigContract.url,
    (route) => {
      if (route.request().method() !== getRemoteConfigContract.method) return route.fallback();
      calls.made += 1;
      calls.waiting.push(route);
      return undefined;
    },
  );
  return calls;
}

/**
 * The real server's answer to the held call, its parameters replaced with the step's: the server
 * keeps one set for every company (a dev page's) and refuses unusable values, which a source can
 * still send.
 */
async function realServerWith(route: Route, parameters: RemoteConfigText): Promise<void> {
  const response = await route.fetch();
  if (response.status() !== 200) throw new Error(`the server answered ${response.status()}`);
  const envelope = (await response.json()) as { data: { parameters: RemoteConfigText } };
  await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, parameters } } });
}

/** The run's task, made once through the real API: its detail shows the charge card. */
function runTask(page: Page, context: ReplayContext): Promise<string> {
  return context.once('remote-config:task', async () => {
    const { task } = await apiOf(page, context.baseURL)<{ task: { id: string } }>('POST', '/api/tasks', {
      title: 'Cobrar a encomenda',
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    return task.id;
  });
}

function layerFor(page: Page, taskId: string, calls: RemoteConfigCalls): RemoteConfigLayer {
  const ui = clockedSurface(page);
  const detail = `/tasks/${taskId}`;
  const handle = () =>
    page.waitForFunction(() => !!window.__fechai?.remoteConfig, null, { timeout: CALL_TIMEOUT_MS });
  return {
    async openCharge() {
      const asked = calls.made;
      if (new URL(page.url()).pathname === detail) {
        await navigateInApp(page, TASKS_LIST);
        await ui.settle();
      }
      await navigateInApp(page, detail);
      // The detail asks once mounted (every FETCH of a path is one the chart takes).
      await pollUntil(
        'GET /api/remote-config',
        async () => {
          await ui.settle();
          return calls.made;
        },
        (made) => made > asked,
        CALL_TIMEOUT_MS,
      );
    },
    async push(text) {
      await handle();
      await page.evaluate(
        (pushed) => window.__fechai!.remoteConfig!.send({ type: 'UPDATED', text: pushed }),
        text,
      );
    },
    async setSignals(signals) {
      await handle();
      await page.evaluate(
        (set) => window.__fechai!.remoteConfig!.send({ type: 'SET_CUSTOM_SIGNALS', signals: set }),
        signals,
      );
    },
    async answer(reply) {
      const route = calls.waiting.pop();
      if (!route) throw new Error('no remote-config request was waiting');
      // Older ones the app gave up on: dropped, as nobody reads them.
      for (const old of calls.waiting.splice(0)) await old.abort().catch(() => {});
      if (reply === 'network') await route.abort('failed');
      else if (reply === 'throttled') await route.fulfill({ status: 429, json: THROTTLED_REPLY });
      else await realServerWith(route, reply.parameters);
    },
    requests: async () => calls.made,
    async chart() {
      await handle();
      return page.evaluate(() => window.__fechai!.remoteConfig!.state());
    },
  };
}

const runs = new WeakMap<Page, RemoteConfigLayer>();

/**
 * The paused clock, where time jumps as for a tab left alone (the timers due fire once each): run
 * frame by frame, an hour would refresh the session every few seconds of the page's time against a
 * server on real time, until the page gives the session up.
 */
function jumpingSurface(page: Page): UiSurface {
  return {
    ...clockedSurface(page),
    advance: (ms) => page.clock.fastForward(ms),
  };
}

/**
 * Remote configuration in Chromium, on the tasks list and a task's detail ("Cobrar com Nubank"):
 * each GET /api/remote-config held with page.route until a step answers it; the realtime push and
 * the custom signals sent to the app's chart through window.__fechai.remoteConfig; the page's clock
 * paused.
 */
export const remoteConfigBrowserDriver: BrowserDriver<ChartPath> = {
  page: TASKS_LIST,
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run, ' +
    'with one task due tomorrow made through the real API (its detail shows "Cobrar com Nubank"); the future tasks listed and ' +
    "the task's link hovered, so the detail's code (and the app's window.__fechai.remoteConfig) is loaded " +
    "without asking; each GET /api/remote-config held with page.route: the real server's answer with the " +
    "step's parameters in place of its own (it keeps one set for everyone and refuses unusable values), a 429 " +
    "in the server's envelope for the throttle, an aborted request for the failure; the realtime push and " +
    "the custom signals sent to the app's chart through window.__fechai.remoteConfig, as the Firebase " +
    "source's subscription and a caller would; the page's clock paused (60 s, an hour)",
  expectation: remoteConfigExpectation,

  async open(page, url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'remote-config');
    const taskId = await runTask(page, context);
    const calls = await holdRemoteConfig(page);
    await pauseClockAt(page, Date.now());
    await page.goto(url);
    // Hovering the task (intent) loads its detail's code, which puts the chart's handle on the page.
    const ui = clockedSurface(page);
    const task = page.locator(`a[href^="/tasks/${taskId}"]`).first();
    await pollUntil(
      'the task on the tasks list',
      async () => {
        await ui.settle();
        return task.count();
      },
      (count) => count > 0,
    );
    await task.hover();
    await page.waitForFunction(() => !!window.__fechai?.remoteConfig, null, { timeout: CALL_TIMEOUT_MS });
    runs.set(page, layerFor(page, taskId, calls));
  },
  act: (page, path, index) => remoteConfigDriver(jumpingSurface(page), runs.get(page)!, path).act(index),
  check: (page, path, index) => remoteConfigDriver(jumpingSurface(page), runs.get(page)!, path).check(index),
};
