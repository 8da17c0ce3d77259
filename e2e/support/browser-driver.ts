import type { Page } from 'playwright-core';
import type { ChartPath } from '../../tests/support/chart-paths';

/** How to act out a chart's paths in the running app and check what the user sees. */
export interface BrowserDriver<P extends ChartPath = ChartPath> {
  /** The app page where the chart can be driven (no redirects, no sign-in needed). */
  page: string;
  /** Opens `url` (the app origin plus `page`) ready for step 1: clocks installed, app loaded. */
  open(page: Page, url: string): Promise<void>;
  /** Does what step `index` says (a user's action, the app's call, time passing). */
  act(page: Page, path: P, index: number): Promise<void>;
  /** Throws, saying what differs, unless the screen shows what step `index` leads to. */
  check(page: Page, path: P, index: number): Promise<void>;
}
