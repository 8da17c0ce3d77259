/**
 * Lists a statechart's generated paths and replays one in the running app.
 *
 *   npm run paths                                      the charts that have paths
 *   npm run paths -- <chart>                           its paths, numbered, step by step
 *   npm run paths -- <chart> <n>                       one path
 *   npm run paths -- <chart> <n> --browser [--url http://127.0.0.1:3000] [--out dir]
 *       replays path n in the app (Debian's Chromium, headless) step by step, checking the screen
 *       and saving a screenshot per step (default test-results/paths/<chart>-<n>/NN-<state>.png)
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { replayContext } from '../e2e/support/browser-driver';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { pathCharts } from '../e2e/support/paths-registry';
import { replayInBrowser } from '../e2e/support/replay-in-browser';
import { describePath, generatePaths, pathTitle } from '../tests/support/chart-paths';
import { pathModels } from './path-models';

const usage = 'Usage: npm run paths -- <chart> [<n> [--browser] [--url http://127.0.0.1:3000] [--out dir]]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      browser: { type: 'boolean', default: false },
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const names = Object.keys(pathModels);
  const [name, n] = positionals;
  if (values.help || !name) {
    console.log(`${usage}\n\nCharts: ${names.join(', ')}`);
    return;
  }
  const model = pathModels[name];
  if (!model) fail(`Unknown chart "${name}". Charts with paths: ${names.join(', ')}.`);
  const chart = pathCharts[name];

  const paths = generatePaths(model);
  if (n === undefined) {
    if (values.browser)
      fail(`Say which path to replay: npm run paths -- ${name} <1-${paths.length}> --browser`);
    console.log(`${name}: ${model.title}. ${paths.length} paths.\n`);
    for (const path of paths) console.log(`${describePath(model, path)}\n`);
    if (chart) console.log(`Replay one in the running app: npm run paths -- ${name} <n> --browser`);
    return;
  }

  const path = /^\d+$/.test(n) ? paths.find((p) => p.number === Number(n)) : undefined;
  if (!path) {
    fail(
      `Path "${n}" does not exist: ${name} has paths 1 to ${paths.length}.\n` +
        paths.map((p) => `  ${pathTitle(model, p)}`).join('\n'),
    );
  }
  console.log(describePath(model, path));
  if (!values.browser) return;
  if (!chart) fail(`\n${name} has no browser replay yet (add a driver in e2e/support/paths-registry.ts).`);

  const baseURL = values.url!;
  try {
    await fetch(baseURL, { signal: AbortSignal.timeout(5000) });
  } catch {
    fail(`\nCannot reach the app at ${baseURL}. Start it (npm start) or pass --url.`);
  }
  const out = values.out ?? join('test-results', 'paths', `${name}-${path.number}`);
  await rm(out, { recursive: true, force: true });

  console.log(`\nReplaying in ${baseURL}${chart.driver.page} (screenshots in ${out}):`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1280, height: 720 },
    });
    const page = await context.newPage();
    await replayInBrowser(page, chart, path, {
      context: replayContext(baseURL),
      screenshots: out,
      onStep: (line, file) => console.log(`  ✓ ${line.trim()}${file ? `\n      ${file}` : ''}`),
    });
    console.log(`\nPath ${path.number} of ${name} passed in the app.`);
  } catch (error) {
    console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
    console.error(`\nScreenshots, including the failing step, are in ${out}.`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

await main();
