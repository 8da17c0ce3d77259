import { expect, type Page, test } from '@playwright/test';
import type { AnalyticsSettings } from '../contracts/analytics-providers';
import { analyticsSettings } from '../scripts/client-defines';
import { computeSecurityHeaders, helmetOptionsFor } from '../server/http/security-headers';
import { buildClient, serveBuiltClient } from './support/built-client';
import { signIn } from './support/sign-in';

/**
 * Analytics against local stand-ins for every provider's host. The client is built once more with
 * every provider's key set and its host pointed at a stand-in (`page.route` answers for those
 * hosts). The demo owner signs in on the usual build; then the app's own files come from the
 * analytics build with the server's content security policy for those settings (the hosted login's
 * redirect is followed past `page.route`, hence the sign-in first), the API from the real server.
 */
const env = {
  GTM_ID: 'GTM-E2E',
  GTM_URL: 'http://gtm.analytics.test',
  POSTHOG_KEY: 'phc_e2e',
  POSTHOG_HOST: 'http://posthog.analytics.test',
  SENTRY_DSN: 'http://e2ekey@sentry.analytics.test/1',
  CLARITY_ID: 'clarity-e2e',
  CLARITY_URL: 'http://clarity.analytics.test',
  INTERCOM_APP_ID: 'intercom-e2e',
  INTERCOM_URL: 'http://intercom.analytics.test',
};
const settings: AnalyticsSettings = analyticsSettings(env);
const hosts = [
  env.GTM_URL,
  env.POSTHOG_HOST,
  'http://sentry.analytics.test',
  env.CLARITY_URL,
  env.INTERCOM_URL,
];
const outDir = 'dist/client-analytics';
const csp = String(
  computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed: false, analytics: settings }))[
    'content-security-policy'
  ],
);

/** What the stand-ins' scripts do once they run: the tag manager's container brings the pixel. */
const scripts: Record<string, string> = {
  [env.GTM_URL]: 'window.__pixel = []; window.fbq = function (c, name) { window.__pixel.push(name); };',
  [env.CLARITY_URL]: 'window.__clarity = true;',
  [env.INTERCOM_URL]:
    'window.__intercom = []; window.Intercom = function () { window.__intercom.push(Array.from(arguments)); };',
};

type HostMode = 'answer' | 'fail' | 'hang';

/** The stand-in hosts; the tag manager's script can be held until the test lets it through. */
async function standInHosts(page: Page, mode: HostMode, holdTagManager = false) {
  let release: () => void = () => {};
  const tagManagerReleased = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests: string[] = [];
  for (const host of hosts) {
    await page.route(`${host}/**`, async (route) => {
      requests.push(route.request().url());
      if (mode === 'fail') return route.abort('connectionrefused');
      if (mode === 'hang') return; // never answered
      if (host === env.GTM_URL && holdTagManager) await tagManagerReleased;
      const body = scripts[host] ?? '{}';
      return route.fulfill({
        status: 200,
        contentType: scripts[host] ? 'text/javascript' : 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body,
      });
    });
  }
  return { release, requests };
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event !== 'gtm.js'));

test.describe('analytics with every provider configured', () => {
  test.beforeAll(() => {
    test.setTimeout(240_000);
    buildClient(outDir, env);
  });

  test('nothing before readiness; page views with referrer, one identify, only pixel events reach the pixel', async ({
    page,
    baseURL,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await signIn(page);
    const stand = await standInHosts(page, 'answer', true);
    await serveBuiltClient(page, baseURL!, outDir, csp);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    // The tag manager is held: its data layer holds nothing but its own start.
    expect(await dataLayer(page)).toEqual([]);

    stand.release();
    await expect
      .poll(() => dataLayer(page))
      .toContainEqual({ event: 'identify', user_id: expect.any(String) });
    // The queue, in order: the first page view, then who is signed in.
    expect(await dataLayer(page)).toEqual([
      { event: 'page_view', page_location: `${baseURL}/home`, page_referrer: '' },
      { event: 'identify', user_id: expect.any(String) },
    ]);

    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect
      .poll(async () => (await dataLayer(page)).filter((e) => e.event === 'page_view').at(-1))
      .toMatchObject({ page_location: `${baseURL}/customers`, page_referrer: '/home' });

    // Back home, the create-task bottom sheet: one of the four pixel events.
    await page.getByRole('link', { name: 'Início' }).first().click();
    await page.getByRole('button', { name: 'Adicionar tarefa' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { __pixel?: string[] }).__pixel))
      .toEqual(['create-task bottom sheet opened']);
    // Identified once, and the chat widget told who it is, launcher hidden.
    expect((await dataLayer(page)).filter((e) => e.event === 'identify')).toHaveLength(1);
    const chat = await page.evaluate(() => (window as { __intercom?: unknown[][] }).__intercom);
    expect(chat).toContainEqual(['boot', { app_id: env.INTERCOM_APP_ID, hide_default_launcher: true }]);
    expect(chat?.filter((call) => call[0] === 'update')).toHaveLength(1);
    // Product analytics and monitoring talk to their own (stand-in) hosts, allowed by the policy.
    await expect.poll(() => stand.requests.some((url) => url.startsWith(env.POSTHOG_HOST))).toBe(true);
    expect(violations).toEqual([]);
  });

  for (const mode of ['fail', 'hang'] as const) {
    test(`every provider host that ${mode === 'fail' ? 'fails' : 'hangs'}: the app goes on, nothing shown`, async ({
      page,
      baseURL,
    }) => {
      await signIn(page);
      await standInHosts(page, mode);
      await serveBuiltClient(page, baseURL!, outDir, csp);
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
      await page.getByRole('link', { name: 'Clientes' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
      await expect(page.getByText('Algo deu errado')).toHaveCount(0);
      expect(await dataLayer(page)).toEqual([]);
    });
  }
});
