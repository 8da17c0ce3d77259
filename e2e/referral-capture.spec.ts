import { expect, type Page, test } from '@playwright/test';
import { BRANCH_LINK_DOMAIN } from '../contracts/branch-hosts';
import { REFERRAL_STORAGE_KEY } from '../contracts/referral';
import { branchSettings } from '../scripts/client-defines';
import { computeSecurityHeaders, helmetOptionsFor } from '../server/http/security-headers';
import { BRANCH_TEST_KEY, branchStandIn } from '../tests/support/branch-stand-in';
import { buildClient, serveBuiltClient } from './support/built-client';
import { newPerson, signUpAndSignIn } from './support/onboarding-account';

/**
 * Indique e Ganhe on arrival: "/" keeps who referred the newcomer (from the address, or with Branch
 * configured from Branch's session), and the sign-up's company carries it.
 */

const REFERRER_ID = '7d9f3c1e-5b2a-4c8e-9f10-2a3b4c5d6e7f';
const REFERRER_COMPANY_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const keptReferral = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  }, REFERRAL_STORAGE_KEY);

test('arriving at "/?user_id=…&company_id=…" keeps the referral; the sign-up sends it with the company', async ({
  page,
}) => {
  await page.goto(`/?user_id=${REFERRER_ID}&company_id=${REFERRER_COMPANY_ID}`);
  await page.waitForURL(/\/auth\/login/);
  expect(await keptReferral(page)).toEqual({
    referrerId: REFERRER_ID,
    referrerCompanyId: REFERRER_COMPANY_ID,
    branchLink: '',
    timestamp: expect.any(Number),
  });

  await signUpAndSignIn(page, newPerson('referred'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await page.getByLabel('Nome da empresa').fill('Loja do Carlos');
  await page.getByLabel('Razão social').fill('Carlos Souza');
  await page.getByLabel('Número do CPF').pressSequentially('52998224725');
  const saved = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/onboarding/company'),
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    referral: { referrerId: REFERRER_ID, referrerCompanyId: REFERRER_COMPANY_ID, branchLink: '' },
  });
  await expect(page).toHaveURL(/\/onboarding\/phone$/);
  // Sent with the company: nothing left to send again.
  expect(await keptReferral(page)).toBeNull();
});

test.describe('with Branch configured (its hosts stood in)', () => {
  const env = { BRANCH_KEY: BRANCH_TEST_KEY };
  const settings = branchSettings(env)!;
  const outDir = 'dist/client-branch';
  const csp = String(
    computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed: false, branch: settings }))[
      'content-security-policy'
    ],
  );
  /** Branch's API and link domain, answered by the stand-in the way Branch answers. */
  async function standInBranch(page: Page, linkData: Record<string, unknown> | null) {
    const standIn = branchStandIn(linkData, 'https://fechai.app.link/novo-convite');
    for (const host of [settings.apiUrl, BRANCH_LINK_DOMAIN]) {
      await page.route(`${host}/**`, (route) => {
        const request = route.request();
        const answer = standIn.answer(request.method(), new URL(request.url()), request.postData() ?? '');
        return route.fulfill({
          status: answer.status,
          contentType: answer.contentType,
          headers: { 'access-control-allow-origin': '*' },
          body: answer.body,
        });
      });
    }
    return standIn;
  }

  test.beforeAll(() => {
    test.setTimeout(240_000);
    buildClient(outDir, env);
  });

  test("a visit Branch matched to a referral link keeps that link's referrer, under the policy", async ({
    page,
    baseURL,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    const referringLink = 'https://fechai.app.link/convite-bia';
    const branch = await standInBranch(page, {
      user_id: REFERRER_ID,
      company_id: REFERRER_COMPANY_ID,
      '~referring_link': referringLink,
    });
    await serveBuiltClient(page, baseURL!, outDir, csp);
    await page.goto('/?_branch_match_id=1234567890123456789');
    await page.waitForURL(/\/auth\/login/);
    expect(await keptReferral(page)).toEqual({
      referrerId: REFERRER_ID,
      referrerCompanyId: REFERRER_COMPANY_ID,
      branchLink: referringLink,
      timestamp: expect.any(Number),
    });
    // The browser's fingerprint first, then the session that carried the link's data.
    expect(branch.calls.map((call) => call.path).slice(0, 2)).toEqual(['/_r', '/v1/open']);
    const open = branch.calls.find((call) => call.path === '/v1/open')!;
    expect(open.fields).toMatchObject({
      branch_key: BRANCH_TEST_KEY,
      link_identifier: '1234567890123456789',
    });
    expect(violations).toEqual([]);
  });

  test('a visit without a Branch link keeps nothing, and the person goes on', async ({ page, baseURL }) => {
    await standInBranch(page, null);
    await serveBuiltClient(page, baseURL!, outDir, csp);
    await page.goto('/?utm_source=whatsapp');
    await page.waitForURL(/\/auth\/login/);
    expect(await keptReferral(page)).toBeNull();
  });
});
