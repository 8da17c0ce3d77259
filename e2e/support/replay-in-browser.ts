import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { flattenStateValue } from '../../machines/toasts/toast.paths';
import { type ChartPath, describePath, pathTitle, walkPath } from '../../tests/support/chart-paths';
import type { ReplayContext } from './browser-driver';
import type { PathChart } from './paths-registry';
import { type ReportedStep, writeReplayReport } from './replay-report';

/** A file-name friendly state name: {shown: {timed: 'running'}} → "shown-timed-running". */
const stateLabel = (value: unknown): string => flattenStateValue(value, '-', '_') || 'state';

export interface BrowserReplayOptions {
  /** The running app and what the run's paths share. */
  context: ReplayContext;
  /**
   * Write the tester's report here: `index.html` with every step (event, state, what the user must
   * see, the check's result) and a screenshot per step (`NN-<state>.png`). Emptied first.
   */
  report?: string;
  /** Called with each step's line once it passed. */
  onStep?: (line: string) => void;
}

/**
 * Replays one path of `chart` in the app open in `page`, checking the screen at every step; stops at
 * the first step that fails and throws its error (the report, when asked for, is written either way).
 */
export async function replayInBrowser(
  page: Page,
  chart: PathChart,
  path: ChartPath,
  options: BrowserReplayOptions,
): Promise<void> {
  const { model, driver } = chart;
  const { context, report } = options;
  const steps: ReportedStep[] = path.steps.map((step, index) => ({
    event:
      index === 0 ? path.scenario.summary : model.describeEvent(step.event, path.steps[index - 1]!.state),
    state: model.describeState(step.state),
    stateValue: flattenStateValue(step.state.value) || '(the chart has one state)',
    expectation: driver.expectation(path, index),
    result: 'not run',
  }));
  const screenshot = async (index: number) => {
    if (!report) return;
    const file = `${String(index + 1).padStart(2, '0')}-${stateLabel(path.steps[index]!.state.value)}.png`;
    await page.screenshot({ path: join(report, file) });
    steps[index]!.screenshot = file;
  };
  if (report) {
    await rm(report, { recursive: true, force: true });
    await mkdir(report, { recursive: true });
  }

  let current = 0;
  try {
    await driver.open(page, new URL(driver.page, context.baseURL).toString(), context);
    await walkPath(model, path, {
      act: (index) => {
        current = index;
        return driver.act(page, path, index, context);
      },
      check: (index) => driver.check(page, path, index, context),
      onStep: async (index, line) => {
        steps[index]!.result = 'passed';
        await screenshot(index);
        options.onStep?.(line);
      },
    });
  } catch (error) {
    const step = steps[current]!;
    step.result = 'failed';
    step.error = String((error as Error)?.cause ?? error);
    await screenshot(current).catch(() => {});
    throw error;
  } finally {
    if (report) {
      await writeReplayReport(report, {
        chart: model.chart,
        title: pathTitle(model, path),
        path: describePath(model, path),
        baseURL: context.baseURL,
        setup: driver.setup,
        steps,
      });
    }
  }
}
