import { test } from '@playwright/test';
import { describePath, generatePaths } from '../tests/support/chart-paths';
import { replayContext } from './support/browser-driver';
import { pathCharts } from './support/paths-registry';
import { replayInBrowser } from './support/replay-in-browser';

// Every path of the toasts chart, acted out in the built app served by the real server: the app's
// facade for what the app does, the mouse for what a person does, page.clock for time. Each step
// checks what the user sees (text, sonner's type, spinner, close button, exit animation, gone).
const chart = pathCharts.toasts!;
const paths = generatePaths(chart.model);

test.describe('toasts chart paths in the app', () => {
  for (const path of paths) {
    test(`path ${path.number} (${path.scenario.name})`, async ({ page, baseURL }) => {
      test.info().annotations.push({ type: 'path', description: describePath(chart.model, path) });
      await replayInBrowser(page, chart, path, { context: replayContext(baseURL!) });
    });
  }
});
