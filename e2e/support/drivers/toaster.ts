import type { ToasterSnapshot } from '../../../machines/toasts/toaster.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import { toasterDriver, toasterExpectation } from '../../../tests/support/drivers/toaster.driver';
import type { BrowserDriver } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { openWithPausedClock } from './toasts';

/** The toaster chart in the running app: the shared driver on Chromium. */
export const toasterBrowserDriver: BrowserDriver<ChartPath<ToasterSnapshot>> = {
  page: '/download-app',
  setup: 'no account: a public page; the app raises the toasts through window.__fechai.toasts',
  expectation: toasterExpectation,
  open: (page, url) => openWithPausedClock(page, url),
  act: (page, path, index) => toasterDriver(browserSurface(page)).act(path, index),
  check: (page, path, index) => toasterDriver(browserSurface(page)).check(path, index),
};
