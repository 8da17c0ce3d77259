/**
 * First-visit JavaScript budget, in Chromium with an empty cache, summing the gzip -9 size of every app
 * script downloaded until the network is idle. Budget: 150 KB gzipped per first visit.
 * - /login: the demo owner signs in on the hosted login, which sends the browser to
 *   /login?accessToken=… and on to /home (the hosted login's own small script is not the app's).
 * - /home: a fresh profile that already holds the session cookies opens /home.
 *
 * The first visits are measured as built, with no analytics key set (none of their SDKs may be
 * downloaded). Then, from the build's chunks, what each analytics provider adds when configured:
 * all of it downloaded after first paint, never on the first visit's critical path.
 *
 * Run: npm run bench:bundle   (builds first)
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../server/demo/seed-demo';
import { startServerProcess } from './support/server-process';

const BUDGET_BYTES = 150 * 1024;
type Visit = (page: Page, base: string) => Promise<void>;

async function signInOnHostedLogin(page: Page, base: string) {
  await page.goto(`${base}/auth/login?returnTo=${encodeURIComponent(base)}`);
  await page.getByLabel('E-mail').fill(DEMO_USER_EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_USER_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(`${base}/home`);
  await page.waitForLoadState('networkidle');
}

let sessionCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
const visits: Record<string, Visit> = {
  '/login': async (page, base) => {
    await signInOnHostedLogin(page, base);
    sessionCookies = await page.context().cookies();
  },
  '/home': async (page, base) => {
    await page.context().addCookies(sessionCookies);
    await page.goto(`${base}/home`, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== '/home') throw new Error(`/home sent the browser to ${page.url()}`);
  },
};

// The demo owner is who signs in.
const server = await startServerProcess(Number(process.env.BENCH_PORT ?? 4391), { SEED_DEMO: '1' });
let browser: Browser | undefined;
const report: Record<string, { files: { url: string; bytes: number; gzip: number }[]; gzipTotal: number }> =
  {};
let over = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const [path, visit] of Object.entries(visits)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files: { url: string; bytes: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = res.url();
      if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
      if (new URL(url).pathname.startsWith('/auth/')) return;
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
    await visit(page, server.url);
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
/**
 * What each analytics provider adds when its key is set, from the built chunks (the client chunk
 * comes with the first provider configured). The script providers' code is their vendor's, served
 * from their host: not ours to measure.
 */
const analyticsChunks: Array<{ provider: string; chunk: string | null; note: string }> = [
  { provider: 'any provider', chunk: 'analytics-client', note: 'the analytics chart and the adapters' },
  { provider: 'product analytics (POSTHOG_KEY)', chunk: 'posthog', note: 'posthog-js' },
  { provider: 'monitoring (SENTRY_DSN)', chunk: 'sentry', note: '@sentry/react with tracing and replay' },
  { provider: 'tag manager (GTM_ID)', chunk: null, note: "gtm.js from GTM_URL (the container's size)" },
  { provider: 'heatmap (CLARITY_ID)', chunk: null, note: "Clarity's tag from CLARITY_URL" },
  { provider: 'chat widget (INTERCOM_APP_ID)', chunk: null, note: "Intercom's widget from INTERCOM_URL" },
];
const assets = await readdir('dist/client/assets');
const firstVisitFiles = new Set(Object.values(report).flatMap((r) => r.files.map((f) => f.url)));
const analytics: Array<{ provider: string; file: string | null; gzip: number | null; note: string }> = [];
console.log('\nAnalytics, when configured (downloaded after first paint):');
for (const { provider, chunk, note } of analyticsChunks) {
  const file = chunk
    ? assets.find((name) => name.startsWith(`${chunk}-`) && name.endsWith('.js'))
    : undefined;
  const gzip = file ? gzipSync(await readFile(`dist/client/assets/${file}`), { level: 9 }).length : null;
  if (file && firstVisitFiles.has(`/assets/${file}`)) {
    console.error(`  ${file} was downloaded on a first visit with no analytics key`);
    over = true;
  }
  analytics.push({ provider, file: file ?? null, gzip, note });
  console.log(`  ${(gzip === null ? 'external' : kb(gzip)).padStart(9)}  ${provider}: ${note}`);
}
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/bundle.json',
  JSON.stringify({ at: new Date().toISOString(), budget: BUDGET_BYTES, report, analytics }, null, 2),
);
if (over) {
  console.error('\nOver budget.');
  process.exitCode = 1;
}
