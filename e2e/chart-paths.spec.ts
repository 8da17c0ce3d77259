import { expect, test } from '@playwright/test';
import { describePath, generatePaths } from '../tests/support/chart-paths';
import { coverageSummary, recordWalks, type WalkRecording } from '../tests/support/path-coverage';
import { type ReplayContext, replayContext } from './support/browser-driver';
import { pathCharts } from './support/paths-registry';
import { replayInBrowser } from './support/replay-in-browser';

/** What a driver's preparation (a client build on two busy cores) may take. */
const PREPARE_TIMEOUT_MS = 300_000;

// Every path of every chart with a browser driver, acted out in the built app served by the real
// server, checking what the user sees at every step. One describe per chart, its paths in order in
// one worker, sharing one ReplayContext (e.g. one account signed up for the whole chart). What the
// paths walked is recorded for the browser layer's coverage, asserted at the end of each chart.
for (const [name, chart] of Object.entries(pathCharts)) {
  test.describe(`${name} chart paths in the app`, () => {
    test.describe.configure({ mode: 'serial' });
    const paths = generatePaths(chart.model);
    let recording: WalkRecording;
    let context: ReplayContext;

    test.beforeAll(async ({ baseURL }) => {
      recording = recordWalks({ driverLayer: 'browser', source: `e2e/chart-paths.spec.ts#${name}` });
      context = replayContext(baseURL!);
      if (chart.driver.prepare) {
        test.setTimeout(PREPARE_TIMEOUT_MS);
        await chart.driver.prepare(context);
      }
    });
    test.afterAll(() => {
      recording.write();
      recording.stop();
    });

    for (const path of paths) {
      test(`path ${path.number} (${path.scenario.name})`, async ({ page }) => {
        test.info().annotations.push({ type: 'path', description: describePath(chart.model, path) });
        await replayInBrowser(page, chart, path, { context });
      });
    }

    test('every state and transition reached in the browser', () => {
      const { states, transitions } = recording.coverage('browser', chart.model);
      expect(
        { states: states.missing, transitions: transitions.missing },
        coverageSummary({ states, transitions }),
      ).toEqual({
        states: [],
        transitions: [],
      });
    });
  });
}
