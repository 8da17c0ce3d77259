import type { Page } from 'playwright-core';
import type { ToastSnapshot } from '../../../machines/toasts/toast.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import { toastExpectation, toastsDriver } from '../../../tests/support/drivers/toasts.driver';
import type { BrowserDriver } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { pauseSoon } from './clocked-surface';

/** A person's swipe: press on the toast and drag it down past sonner's threshold. */
export async function swipeDown(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error('no toast to swipe');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 2 });
  await page.mouse.move(x, y + 80, { steps: 6 });
  await page.mouse.up();
}

/** Opens a public page with the app's toaster, its clock paused: time passes only when a step says. */
export async function openWithPausedClock(page: Page, url: string): Promise<void> {
  // No CSS motion, so what a screenshot shows is the step's end state.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto(url);
  await page.waitForFunction(() => !!window.__fechai?.toasts);
  // The app fetches sonner with its first toast. A path starts where sonner is already there (as for
  // every toast after a visit's first): one toast raised and dismissed while the clock still runs, so
  // sonner mounts on a running clock, then gone before the path begins.
  await page.evaluate(() => window.__fechai!.toasts!.message('…'));
  await page.locator('[data-app-toaster] [data-sonner-toast]').waitFor({ state: 'visible' });
  await page.evaluate(() => window.__fechai!.toasts!.dismiss());
  await page.locator('[data-app-toaster] [data-sonner-toast]').waitFor({ state: 'detached' });
  await page.mouse.move(0, 0);
  await pauseSoon(page, 1000);
}

const driverOf = (page: Page) => toastsDriver(browserSurface(page), { swipe: (id) => swipeDown(page, id) });

/** The toasts chart in the running app: the shared driver on Chromium. */
export const toastsBrowserDriver: BrowserDriver<ChartPath<ToastSnapshot>> = {
  page: '/download-app',
  setup: 'no account: a public page; the app raises the toasts through window.__fechai.toasts',
  expectation: toastExpectation,
  open: (page, url) => openWithPausedClock(page, url),
  act: (page, path, index) => driverOf(page).act(path, index),
  check: (page, path, index) => driverOf(page).check(path, index),
};
