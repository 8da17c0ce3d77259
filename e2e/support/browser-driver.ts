import type { Page } from 'playwright-core';
import type { ChartPath } from '../../tests/support/chart-paths';

/** What a replay run shares between the paths it replays (one `--all` run, one spec file). */
export interface ReplayContext {
  /** The running app's origin, e.g. http://127.0.0.1:3000. */
  baseURL: string;
  /**
   * Made once per run under `key`, then shared: e.g. one account signed up through the real
   * sign-up for every path of a chart that allows it. Put the cookies back on the page yourself
   * (the value can hold `page.context().storageState()`).
   */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** How to act out a chart's paths in the running app and check what the user sees. */
export interface BrowserDriver<P extends ChartPath = ChartPath> {
  /** The app page where the chart is driven. */
  page: string;
  /**
   * What a replay sets up and how, in a tester's words, shown in `npm run paths -- <chart>`: e.g.
   * "a fresh account made through the real sign-up (dev outbox)", "the server's 500 on
   * POST /api/… served with page.route".
   */
  setup: string;
  /**
   * Made once before the chart's first path, on a time budget of its own (e.g. a client build), so
   * the first path's steps keep the per-test limit. `open` must still work without it (`npm run paths`).
   */
  prepare?(context: ReplayContext): Promise<void>;
  /** Opens `url` (the app origin plus `page`) ready for step 1: account, clocks, app loaded. */
  open(page: Page, url: string, context: ReplayContext): Promise<void>;
  /** Does what step `index` says (a user's action, the app's call, time passing). */
  act(page: Page, path: P, index: number, context: ReplayContext): Promise<void>;
  /** Throws, saying what differs, unless the screen shows what step `index` leads to. */
  check(page: Page, path: P, index: number, context: ReplayContext): Promise<void>;
  /** What the user must see after step `index`, in words, for the report. */
  expectation(path: P, index: number): string;
}

/** A context for one run: `once` keeps what it made for the rest of the run. */
export function replayContext(baseURL: string): ReplayContext {
  const made = new Map<string, Promise<unknown>>();
  return {
    baseURL,
    once<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as Promise<T>;
    },
  };
}
