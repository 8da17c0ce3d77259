import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { flattenStateValue } from '../../machines/toasts/toast.paths';
import { type ChartPath, walkPath } from '../../tests/support/chart-paths';
import type { ReplayContext } from './browser-driver';
import type { PathChart } from './paths-registry';

/** A file-name friendly state name: {shown: {timed: 'running'}} → "shown-timed-running". */
const stateLabel = (value: unknown): string => flattenStateValue(value, '-', '_');

export interface BrowserReplayOptions {
  /** The running app and what the run's paths share. */
  context: ReplayContext;
  /** Save a screenshot per step here (`NN-<state>.png`; `NN-<state>-failed.png` when a check fails). */
  screenshots?: string;
  /** Called with each step's line once it passed, and the screenshot written for it. */
  onStep?: (line: string, screenshot: string | undefined) => void;
}

/** Replays one path of `chart` in the app open in `page`, checking the screen at every step. */
export async function replayInBrowser(
  page: Page,
  chart: PathChart,
  path: ChartPath,
  options: BrowserReplayOptions,
): Promise<void> {
  const { model, driver } = chart;
  const shot = (index: number, suffix = '') =>
    options.screenshots &&
    join(
      options.screenshots,
      `${String(index + 1).padStart(2, '0')}-${stateLabel(path.steps[index]!.state.value)}${suffix}.png`,
    );
  if (options.screenshots) await mkdir(options.screenshots, { recursive: true });
  const { context } = options;
  await driver.open(page, new URL(driver.page, context.baseURL).toString(), context);
  let current = 0;
  try {
    await walkPath(model, path, {
      act: (index) => {
        current = index;
        return driver.act(page, path, index, context);
      },
      check: (index) => driver.check(page, path, index, context),
      onStep: async (index, line) => {
        const file = shot(index);
        if (file) await page.screenshot({ path: file });
        options.onStep?.(line, file || undefined);
      },
    });
  } catch (error) {
    const file = shot(current, '-failed');
    if (file) await page.screenshot({ path: file }).catch(() => {});
    throw error;
  }
}
