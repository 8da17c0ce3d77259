/**
 * Lists a statechart's generated paths, replays them in the running app, and tells how much of each
 * chart the replays reach on every layer.
 *
 *   npm run paths                                   the charts, their paths and browser set-up
 *   npm run paths -- <chart>                        its paths, numbered, step by step
 *   npm run paths -- <chart> <n>                    one path
 *   npm run paths -- <chart> <n> --browser [--url http://127.0.0.1:3000]
 *       replays path n in the app (Debian's Chromium, headless), checking the screen at every step;
 *       writes the tester's report test-results/paths/<chart>-<n>/index.html (a screenshot per step)
 *   npm run paths -- <chart> --all --browser [--url …]
 *       replays every path of the chart (one run: paths may share an account), then a summary
 *   npm run paths -- --coverage                     states and transitions reached, chart × layer
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { type ReplayContext, replayContext } from '../e2e/support/browser-driver';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { type PathChart, pathCharts } from '../e2e/support/paths-registry';
import { replayInBrowser } from '../e2e/support/replay-in-browser';
import { type ChartPath, describePath, generatePaths, pathTitle } from '../tests/support/chart-paths';
import {
  type CoverageLayer,
  coverageLayers,
  coverageSummary,
  isComplete,
  readCoverage,
  recordWalks,
} from '../tests/support/path-coverage';
import { jsdomReplays, pathModels } from './path-models';

const usage = `Usage:
  npm run paths                                   charts, their paths and how the browser replay sets up
  npm run paths -- <chart>                        a chart's paths, step by step
  npm run paths -- <chart> <n> [--browser] [--url URL]
  npm run paths -- <chart> --all --browser [--url URL]
  npm run paths -- --coverage                     states and transitions reached, chart × layer`;

/** `npm start` without PORT. */
const defaultURL = 'http://127.0.0.1:3000';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function browserSetup(name: string): string {
  const chart = pathCharts[name];
  return chart ? `browser replay: ${chart.driver.setup}` : 'no browser replay yet';
}

function listCharts(): void {
  console.log(`${usage}\n\nCharts:`);
  for (const [name, model] of Object.entries(pathModels)) {
    console.log(`  ${name}: ${model.title}.\n    ${browserSetup(name)}`);
  }
}

function cell(layer: CoverageLayer, name: string): { text: string; complete: boolean } {
  if (layer === 'jsdom' && !jsdomReplays[name]) return { text: 'no replay', complete: false };
  if (layer === 'browser' && !pathCharts[name]) return { text: 'no driver', complete: false };
  const measured = readCoverage(layer, pathModels[name]!);
  if (!measured) return { text: 'not recorded', complete: false };
  const complete = isComplete(measured.coverage);
  return { text: `${complete ? '✓' : '✗'} ${coverageSummary(measured.coverage)}`, complete };
}

/** The table of what replays reached; exits 1 unless every chart is covered on every layer. */
function printCoverage(): void {
  const rows = Object.keys(pathModels).map(
    (name) => [name, ...coverageLayers.map((l) => cell(l, name))] as const,
  );
  const header = ['chart', ...coverageLayers];
  const texts = rows.map(([name, ...cells]) => [name, ...cells.map((c) => c.text)]);
  const widths = header.map((h, i) => Math.max(h.length, ...texts.map((t) => t[i]!.length)));
  const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const t of texts) console.log(line(t));
  console.log(`
Recorded by the last run of each replay: machine and jsdom by vitest (npm run test:unit),
browser by e2e/chart-paths.spec.ts and npm run paths -- <chart> --all --browser.`);
  if (rows.some(([, ...cells]) => cells.some((c) => !c.complete))) process.exitCode = 1;
}

async function reachable(baseURL: string): Promise<void> {
  try {
    await fetch(baseURL, { signal: AbortSignal.timeout(5000) });
  } catch {
    fail(`\nCannot reach the app at ${baseURL}. Start it (npm start) or pass --url.`);
  }
}

/** Replays one path in a fresh browser context; true when every step passed. */
async function replayOne(
  browser: Browser,
  chart: PathChart,
  path: ChartPath,
  context: ReplayContext,
): Promise<boolean> {
  const report = join('test-results', 'paths', `${chart.model.chart}-${path.number}`);
  const page = await browser
    .newContext({
      baseURL: context.baseURL,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1280, height: 720 },
    })
    .then((c) => c.newPage());
  try {
    await replayInBrowser(page, chart, path, {
      context,
      report,
      onStep: (line) => console.log(`  ✓ ${line.trim()}`),
    });
    console.log(`Path ${path.number} passed. Report: ${join(report, 'index.html')}`);
    return true;
  } catch (error) {
    console.error(`  ✗ ${error instanceof Error ? error.message.split('\n\n')[0] : String(error)}`);
    console.error(`Path ${path.number} failed. Report: ${join(report, 'index.html')}`);
    return false;
  } finally {
    await page.context().close();
  }
}

async function replay(name: string, chart: PathChart, paths: ChartPath[], baseURL: string, all: boolean) {
  await reachable(baseURL);
  console.log(`Replaying in ${baseURL}${chart.driver.page} (${chart.driver.setup}).`);
  // An --all run is a measurement of the browser layer; one path is not. A source per chart: a
  // recording replaces what its source wrote for every chart, and each run replays one chart.
  const recording = all
    ? recordWalks({ driverLayer: 'browser', source: `npm run paths -- ${chart.model.chart}` })
    : undefined;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = replayContext(baseURL);
  const failed: number[] = [];
  try {
    for (const path of paths) {
      console.log(`\n${pathTitle(chart.model, path)}`);
      if (!(await replayOne(browser, chart, path, context))) failed.push(path.number);
    }
  } finally {
    await browser.close();
    recording?.write();
    recording?.stop();
  }
  if (all) {
    console.log(
      `\n${name}: ${paths.length - failed.length} of ${paths.length} paths passed` +
        (failed.length ? `; failed: ${failed.join(', ')}.` : '.'),
    );
  }
  if (failed.length) process.exitCode = 1;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      browser: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      coverage: { type: 'boolean', default: false },
      url: { type: 'string', default: defaultURL },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return void console.log(usage);
  if (values.coverage) return printCoverage();
  const [name, n] = positionals;
  if (!name) return listCharts();

  const names = Object.keys(pathModels);
  const model = pathModels[name];
  if (!model) fail(`Unknown chart "${name}". Charts with paths: ${names.join(', ')}.`);
  const chart = pathCharts[name];
  const paths = generatePaths(model);

  if (n === undefined && !values.all) {
    if (values.browser)
      fail(
        `Say which path to replay (1-${paths.length}), or --all: npm run paths -- ${name} --all --browser`,
      );
    console.log(`${name}: ${model.title}. ${paths.length} paths. ${browserSetup(name)}.\n`);
    for (const path of paths) console.log(`${describePath(model, path)}\n`);
    if (chart) console.log(`Replay in the running app: npm run paths -- ${name} <n>|--all --browser`);
    return;
  }

  let chosen = paths;
  if (!values.all) {
    const path = /^\d+$/.test(n!) ? paths.find((p) => p.number === Number(n)) : undefined;
    if (!path) {
      fail(
        `Path "${n}" does not exist: ${name} has paths 1 to ${paths.length}.\n` +
          paths.map((p) => `  ${pathTitle(model, p)}`).join('\n'),
      );
    }
    console.log(describePath(model, path));
    if (!values.browser) return;
    chosen = [path];
  } else if (!values.browser) {
    for (const path of paths) console.log(`${describePath(model, path)}\n`);
    return;
  }
  if (!chart) fail(`\n${name} has no browser replay yet (add a driver in e2e/support/paths-registry.ts).`);
  await replay(name, chart, chosen, values.url!, values.all);
}

await main();
