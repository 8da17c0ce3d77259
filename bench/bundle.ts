/**
 * First-visit JavaScript budget: opens /login and /home of the built app in Chromium on a fresh
 * browser profile, records every script the page downloads until the network is idle, and sums
 * their gzip -9 sizes. Budget: 150 KB gzipped per first visit.
 *
 * Run: npm run bench:bundle   (builds first)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startServerProcess } from './support/server-process';

const BUDGET_BYTES = 150 * 1024;
const pagesToVisit = ['/login', '/home'];

const server = await startServerProcess(Number(process.env.BENCH_PORT ?? 4391));
let browser: Browser | undefined;
const report: Record<string, { files: { url: string; bytes: number; gzip: number }[]; gzipTotal: number }> =
  {};
let over = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const path of pagesToVisit) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files: { url: string; bytes: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = res.url();
      if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
      pending.push(
        res
          .body()
          .then((body) => {
            files.push({
              url: new URL(url).pathname,
              bytes: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            });
          })
          .catch(() => {}),
      );
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await context.close();
    files.sort((a, b) => b.gzip - a.gzip);
    const gzipTotal = files.reduce((sum, f) => sum + f.gzip, 0);
    report[path] = { files, gzipTotal };
    if (gzipTotal > BUDGET_BYTES) over = true;
  }
} finally {
  try {
    await browser?.close();
  } finally {
    await server.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const [path, { files, gzipTotal }] of Object.entries(report)) {
  console.log(`\nFirst visit ${path}: ${kb(gzipTotal)} gzipped JS (budget ${kb(BUDGET_BYTES)})`);
  for (const f of files) console.log(`  ${kb(f.gzip).padStart(9)}  ${kb(f.bytes).padStart(9)} raw  ${f.url}`);
}
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/bundle.json',
  JSON.stringify({ at: new Date().toISOString(), budget: BUDGET_BYTES, report }, null, 2),
);
if (over) {
  console.error('\nOver budget.');
  process.exitCode = 1;
}
