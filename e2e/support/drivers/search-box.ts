import type { Page } from 'playwright-core';
import { SEARCH_BOX_CUSTOMERS } from '../../../machines/search-box/search-box.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type SearchBoxLayer,
  searchBoxDriver,
  searchBoxExpectation,
} from '../../../tests/support/drivers/search-box.driver';
import type { UiQuery, UiSurface } from '../../../tests/support/ui/ui-surface';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { apiOf } from '../owner-api';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { navigateInApp } from './in-app-navigation';

/** Settles until `target` shows: the page's clock is paused, so nothing waits by itself. */
async function untilShown(ui: UiSurface, target: UiQuery): Promise<void> {
  for (let attempt = 0; attempt < ui.attempts && !(await ui.shown(target)); attempt++) await ui.settle();
  if (!(await ui.shown(target))) throw new Error(`${JSON.stringify(target)} never showed`);
}

function layerFor(page: Page, ui: UiSurface, context: ReplayContext): SearchBoxLayer {
  return {
    async open(action) {
      const picker = action.scenario === 'picker';
      await page.goto(new URL(picker ? '/tasks/new' : '/customers', context.baseURL).toString());
      if (picker) {
        const box = { role: 'combobox', name: 'Cliente' };
        await untilShown(ui, box);
        await ui.click(box);
      }
      await untilShown(ui, { text: SEARCH_BOX_CUSTOMERS[0], exact: true });
    },
    async go(url) {
      await navigateInApp(page, url);
    },
  };
}

const runs = new WeakMap<Page, { driver: ReturnType<typeof searchBoxDriver> }>();

/**
 * The customers list's search and the task form's customer picker in Chromium: the real server
 * searches; the page's clock is paused so the pause after typing is the step's to pass.
 */
export const searchBoxBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run, ' +
    `with the customers ${SEARCH_BOX_CUSTOMERS.join(', ')} made through the real API; the real server ` +
    "searches; the page's clock paused (page.clock) so the 300 ms pause after typing passes when a step says",
  expectation: searchBoxExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'search-box');
    await context.once('search-box:customers', async () => {
      const api = apiOf(page, context.baseURL);
      for (const name of SEARCH_BOX_CUSTOMERS) await api('POST', '/api/customers', { name, phone: null });
    });
    await pauseClockAt(page, Date.now());
    const ui = clockedSurface(page);
    runs.set(page, { driver: searchBoxDriver(ui, layerFor(page, ui, context)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
