import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { type AnalyticsProvider, analyticsProviders } from '../../../contracts/analytics';
import type { AnalyticsSettings } from '../../../contracts/analytics-providers';
import { checkSessionContract } from '../../../contracts/session';
import type { AnalyticsInput } from '../../../machines/analytics/analytics.machine';
import { cookiePair, PATHS_NOW } from '../../../machines/session/session.paths';
import { analyticsSettings } from '../../../scripts/client-defines';
import { computeSecurityHeaders, helmetOptionsFor } from '../../../server/http/security-headers';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type AnalyticsClientReading,
  type AnalyticsDownload,
  type AnalyticsLayer,
  analyticsDriver,
  analyticsExpectation,
} from '../../../tests/support/drivers/analytics.driver';
import { type HostRecord, receivedLines } from '../../../tests/support/drivers/analytics-received';
import type { UiSurface } from '../../../tests/support/ui/ui-surface';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { serveBuiltClient } from '../built-client';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { HeldCalls, holdRoutes } from './held-calls';
import { perPage } from './per-page';

/**
 * The analytics build: every provider's key set, each host a name of its own that only
 * `page.route` answers. Made once per run; a path's scenario turns providers off by serving the
 * app's files with those keys emptied, which is what a build without them holds (the keys are
 * one object literal, `__ANALYTICS__`), so six provider sets cost one build.
 */
const env = {
  GTM_ID: 'GTM-PATHS',
  GTM_URL: 'http://gtm.paths.test',
  POSTHOG_KEY: 'phc_paths',
  POSTHOG_HOST: 'http://posthog.paths.test',
  SENTRY_DSN: 'http://pathskey@sentry.paths.test/1',
  CLARITY_ID: 'clarity-paths',
  CLARITY_URL: 'http://clarity.paths.test',
  INTERCOM_APP_ID: 'intercom-paths',
  INTERCOM_URL: 'http://intercom.paths.test',
};
const built = analyticsSettings(env);
const OUT_DIR = 'dist/client-analytics-paths';

/** Each provider's key in the settings: emptied, the provider is off. */
const keyOf: Record<AnalyticsProvider, keyof AnalyticsSettings> = {
  tagManager: 'gtmId',
  productAnalytics: 'posthogKey',
  monitoring: 'sentryDsn',
  heatmap: 'clarityId',
  chat: 'intercomAppId',
};

/** The providers loaded from a script of their host, and the host. */
const scriptHosts: Partial<Record<AnalyticsProvider, string>> = {
  tagManager: env.GTM_URL,
  heatmap: env.CLARITY_URL,
  chat: env.INTERCOM_URL,
};
/** The npm SDKs' own chunks, which the app downloads from its origin. */
const sdkChunks: Partial<Record<AnalyticsProvider, RegExp>> = {
  productAnalytics: /\/assets\/posthog-[\w-]+\.js$/,
  monitoring: /\/assets\/sentry-[\w-]+\.js$/,
};

/** What the client build is made from: a newer file here, and the build is made again. */
const BUILD_INPUTS = [
  'src',
  'contracts',
  'machines',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const STAMP = join(OUT_DIR, '.built-from');

/** The newest change among the build's inputs, and the keys it is made with. */
function buildFingerprint(): string {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    const stat = statSync(input);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const file of readdirSync(input, { recursive: true, encoding: 'utf8' }))
        if (extname(file) !== '.md') newest = Math.max(newest, statSync(join(input, file)).mtimeMs);
  }
  return JSON.stringify({ newest, env });
}

/** Built once per run, and kept for the next run while its inputs are unchanged (~15 s saved). */
const buildOnce = (context: ReplayContext) =>
  context.once('analytics-build', async () => {
    const fingerprint = buildFingerprint();
    if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint) return;
    await promisify(execFile)(
      'npx',
      ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'error'],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
    );
    writeFileSync(STAMP, fingerprint);
  });

function settingsWith(providers: readonly AnalyticsProvider[]): AnalyticsSettings {
  const settings = { ...built };
  for (const provider of analyticsProviders)
    if (!providers.includes(provider)) settings[keyOf[provider]] = '';
  return settings;
}

/** The build's JavaScript with the keys of the providers off emptied. */
function withProvidersOff(source: string, providers: readonly AnalyticsProvider[]): string {
  let out = source;
  for (const provider of analyticsProviders) {
    if (providers.includes(provider)) continue;
    const key = keyOf[provider];
    out = out.replaceAll(`${key}:${JSON.stringify(built[key])}`, `${key}:""`);
  }
  return out;
}

/** The app's own files from the analytics build (SPA fallback), under the server's policy for `providers`. */
function serveBuild(page: Page, origin: string, providers: readonly AnalyticsProvider[]) {
  const csp = String(
    computeSecurityHeaders(
      helmetOptionsFor({ facebookSdkAllowed: false, analytics: settingsWith(providers) }),
    )['content-security-policy'],
  );
  return serveBuiltClient(page, origin, OUT_DIR, csp, (source) => withProvidersOff(source, providers));
}

/**
 * What each stand-in does to the page once it runs, as the real one does (and as the jsdom hosts
 * do): the tag manager's container brings the pixel; Clarity and Intercom replace the stubs the
 * app made, running what waited in them; PostHog's `init` (its `loaded` callback held until the
 * step, throwing when its start fails), `capture`, `identify`, `reset`; Sentry's `init`, `getClient`
 * (a client once running), `setUser`, `addBreadcrumb`. Calls are kept in `window.__standIn`.
 */
const RECORDER = `function (calls) { return function () { calls.push(Array.prototype.slice.call(arguments)); }; }`;
const replacingStub = (global: string, calls: string) =>
  `(function () { var calls = window.__standIn.${calls}; var q = (window.${global} && window.${global}.q) || [];` +
  ` for (var i = 0; i < q.length; i++) calls.push(Array.prototype.slice.call(q[i]));` +
  ` window.${global} = (${RECORDER})(calls); })();`;
const scriptBodies: Partial<Record<AnalyticsProvider, string>> = {
  tagManager: 'window.fbq = function () {};',
  heatmap: replacingStub('clarity', 'heatmap'),
  chat: replacingStub('Intercom', 'chat'),
};
const posthogModule = (startFails: boolean) => `
const calls = window.__standIn.productAnalytics;
export const posthog = {
  init(key, config) {
    ${startFails ? "throw new Error('product analytics could not start');" : ''}
    window.__standIn.markLoaded = () => config.loaded && config.loaded(posthog);
  },
  capture(...args) { calls.push(['capture', ...args]); },
  identify(...args) { calls.push(['identify', ...args]); },
  reset() { calls.push(['reset']); },
};
`;
const sentryModule = `
const calls = window.__standIn.monitoring;
export const init = () => undefined;
export const browserTracingIntegration = () => ({ name: 'BrowserTracing' });
export const replayIntegration = () => ({ name: 'Replay' });
export const getClient = () => (window.__standIn.running ? {} : undefined);
export const captureException = () => '';
export const setUser = (user) => { calls.push(['setUser', user]); };
export const addBreadcrumb = (crumb) => { calls.push(['addBreadcrumb', crumb]); };
`;

interface Run {
  url: string;
  baseURL: string;
  providers: readonly AnalyticsProvider[];
  held: Map<AnalyticsProvider, HeldCalls>;
  driver?: ReturnType<typeof analyticsDriver>;
}

const runs = perPage<Run>('analytics replay');

/** Every provider's host (script or SDK chunk) held until a step serves it, fails it, or never answers. */
async function holdHosts(page: Page): Promise<Map<AnalyticsProvider, HeldCalls>> {
  const held = new Map<AnalyticsProvider, HeldCalls>();
  for (const provider of analyticsProviders) {
    const calls = new HeldCalls(`${provider}'s host`);
    held.set(provider, calls);
    const host = scriptHosts[provider];
    await page.route(host ? `${host}/**` : sdkChunks[provider]!, (route) => calls.receive(route));
  }
  return held;
}

async function serve(page: Page, provider: AnalyticsProvider, outcome: AnalyticsDownload): Promise<void> {
  const route = await runs.of(page).held.get(provider)!.next();
  if (outcome === 'fails') return route.abort('connectionrefused');
  const body =
    provider === 'productAnalytics'
      ? posthogModule(outcome === 'in, start fails')
      : provider === 'monitoring'
        ? sentryModule
        : scriptBodies[provider]!;
  await route.fulfill({ status: 200, contentType: 'text/javascript', body });
}

/**
 * The paused page's surface, whose settling runs only the timers already due: /home stays on its
 * loading state (the session check is held), which the clocked surface would let 300 ms pass for,
 * and every millisecond of the analytics chart's clock is the plan's.
 */
function pausedSurface(page: Page): UiSurface {
  return {
    ...clockedSurface(page),
    async settle() {
      await page.waitForTimeout(25);
      await page.clock.runFor(0);
    },
  };
}

/** Polls `expression` in the page until it is true (real time; the page's own timers are paused). */
async function until(page: Page, expression: string, what: string, timeoutMs = 15_000): Promise<void> {
  for (let waited = 0; !(await page.evaluate(expression)); waited += 20) {
    if (waited > timeoutMs) throw new Error(what);
    await page.waitForTimeout(20);
  }
}

function layerFor(page: Page): AnalyticsLayer {
  return {
    async send(event) {
      await page.evaluate(`window.__fechai.analytics.send(${JSON.stringify(event)})`);
    },
    async start() {
      // The first page is rendered (src/main.tsx asked for the frame after it): that frame, its
      // timer, then the client's chunk. A busy machine may take seconds for either.
      await until(
        page,
        "document.getElementById('root').childElementCount > 0",
        'the app did not render /home',
      );
      // The next frame is up to 16 ms away, and Playwright's clock makes a zero-delay timer set
      // while it runs one (the frame's) due 1 ms later: 16 ms left it unrun whenever the clock
      // stood on a frame's boundary.
      await page.clock.runFor(17);
      await until(
        page,
        "window.__fechai.analytics.status().state !== 'created'",
        'the app did not start its analytics client after first paint',
      );
    },
    download: (provider, outcome) => serve(page, provider, outcome),
    async productAnalyticsLoaded() {
      await page.evaluate('window.__standIn.markLoaded()');
    },
    async monitoringRunning() {
      await page.evaluate('window.__standIn.running = true');
    },
    client: () => page.evaluate('window.__fechai.analytics.status()') as Promise<AnalyticsClientReading>,
    async received() {
      const record = (await page.evaluate(
        'JSON.parse(JSON.stringify({ dataLayer: window.dataLayer || [], ...window.__standIn }))',
      )) as HostRecord;
      return receivedLines(record);
    },
    async asked() {
      const { held, providers } = runs.of(page);
      return providers.filter((p) => held.get(p)!.requests.length > 0);
    },
  };
}

/**
 * The analytics chart in Chromium: the analytics build (every key; the scenario's providers left
 * on), /home under a session whose check is held (the app's own identify never comes, its first
 * page view is the path's), the path's page views, identities and events handed to the app's link,
 * first paint by the page's paused clock, each provider's host held until its step.
 */
export const analyticsBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/home',
  setup:
    'no account: one analytics build per run with every provider key, the scenario’s providers left on ' +
    'by emptying the others’ keys as its files are served (with the server’s policy for those); /home ' +
    'with a session whose check is held (its first page view is the path’s); the path’s page views, ' +
    'identities and events through the app’s analytics link (window.__fechai.analytics); each provider’s ' +
    'script or SDK chunk held with page.route until its step serves a stand-in doing what the real one ' +
    'does to the page, fails it, or never answers; first paint and timers on the page’s paused clock',
  expectation: analyticsExpectation,

  prepare: (context) => buildOnce(context),

  async open(page, url, context) {
    await buildOnce(context);
    await page.addInitScript(
      'window.__standIn = { productAnalytics: [], monitoring: [], heatmap: [], chat: [], running: false };',
    );
    await pauseClockAt(page, PATHS_NOW);
    await page.context().addCookies([
      { name: 'access_token', value: cookiePair.accessToken, url: context.baseURL },
      { name: 'refresh_token', value: cookiePair.refreshToken, url: context.baseURL },
    ]);
    await holdRoutes(page, { session: checkSessionContract }, { holdTheRest: true });
    runs.set(page, { url, baseURL: context.baseURL, providers: [], held: new Map() });
  },

  async act(page, path, index) {
    const run = runs.of(page);
    if (index === 0) {
      // The scenario's build, then /home: its own first page view is the path's first step.
      run.providers = (path.scenario.input as AnalyticsInput).providers;
      await serveBuild(page, run.baseURL, run.providers);
      run.held = await holdHosts(page);
      run.driver = analyticsDriver(pausedSurface(page), layerFor(page), path);
      await page.goto(run.url);
      await until(page, 'Boolean(window.__fechai && window.__fechai.analytics)', 'the app did not load');
    }
    await run.driver!.act(index);
  },
  check: (page, _path, index) => runs.of(page).driver!.check(index),
};
