import type { Page } from 'playwright-core';
import { checkSessionContract } from '../../../contracts/session';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type RootEntryLayer,
  rootEntryDriver,
  rootEntryExpectation,
} from '../../../tests/support/drivers/root-entry.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { pauseSoon } from './clocked-surface';
import { HeldCalls } from './held-calls';

/**
 * The address capture's chunk, which the app's registered referral capture loads only when the
 * address carries parameters (src/lib/referral/app-referral-captures.ts). Holding its download is
 * how a replay keeps the capture running, and a dropped download is how it fails: the import
 * rejects, as a capture that throws does. (The replay's address names no referrer: nothing is kept.)
 */
const CAPTURE_CHUNK = /\/assets\/address-capture-[\w-]+\.js$/;

interface Run {
  context: ReplayContext;
  sessionChecks: HeldCalls;
  capture: HeldCalls;
  driver: ReturnType<typeof rootEntryDriver>;
}

const runs = new WeakMap<Page, Run>();

/** Waits (up to 5 s) until "/" asks for the captures' chunk: its chart has started capturing. */
async function captureAsked(page: Page, capture: HeldCalls): Promise<void> {
  for (let waited = 0; capture.requests.length === 0; waited += 20) {
    if (waited > 5000) throw new Error('"/" did not load the referral captures');
    await page.waitForTimeout(20);
  }
}

function layerFor(page: Page, run: () => Run): RootEntryLayer {
  return {
    async open(action) {
      const { context } = run();
      if (action.signedIn) await chartAccount(page, context, 'root-entry');
      await page.goto(new URL(action.url, context.baseURL).toString());
      await page.locator('.route-loading[role="status"]').waitFor({ state: 'attached' });
      // With referral data, the chart has started once it asks for the captures' chunk.
      if (action.url.includes('?')) await captureAsked(page, run().capture);
      // Stops the page's clock, so /login does not move on to the hosted login before the check.
      await pauseSoon(page, 100);
    },
    async answerSession() {
      await run().sessionChecks.answer('real-server');
    },
    async endCapture(outcome) {
      await run().capture.answer(outcome === 'captured' ? 'real-server' : 'network-error');
    },
  };
}

/**
 * "/" in Chromium: a visitor without a session (known at once), or the onboarded owner of an
 * account made through the real sign-up, whose session check is held with page.route until its
 * step lets the real server answer; the address capture's chunk held with page.route until its
 * step lets it load (captured) or drops it (the capture fails).
 */
export const rootEntryBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/',
  setup:
    'a visitor without a session, or a fresh account made through the real sign-up (dev outbox) and ' +
    'onboarded with a trial, one per run; its session check held with page.route until its step lets ' +
    "the real server answer; the address capture's chunk held with page.route until its step loads it " +
    'or drops it (a dropped chunk is how a capture fails)',
  expectation: rootEntryExpectation,

  async open(page, _url, context) {
    await page.clock.install();
    const sessionChecks = await HeldCalls.on(page, 'GET', checkSessionContract.url);
    const capture = new HeldCalls('the address capture chunk');
    await page.route(CAPTURE_CHUNK, (route) => capture.receive(route));
    const run: Run = { context, sessionChecks, capture, driver: undefined as never };
    run.driver = rootEntryDriver(
      browserSurface(page),
      layerFor(page, () => run),
    );
    runs.set(page, run);
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
