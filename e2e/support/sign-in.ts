import type { Page } from 'playwright-core';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../server/demo/seed-demo';

// playwright-core only (no test runner): `npm run paths` drivers use these too.

export const demoOwner = { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD } as const;

/** Fills and sends the hosted login's form (the page must be showing it, or be on its way there). */
export async function submitHostedLogin(page: Page, account: { email: string; password: string }) {
  await page.waitForURL(/\/auth\/login/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Signs in as a person does: open a page of the app, get sent to the hosted login by the guards, sign
 * in, land back on that page.
 */
export async function signIn(
  page: Page,
  path = '/home',
  account: { email: string; password: string } = demoOwner,
) {
  await page.goto(path);
  await submitHostedLogin(page, account);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path || url.pathname === path);
}

/** The session cookies the app keeps (spec §3). */
export async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  const byName = (name: string) => cookies.find((cookie) => cookie.name === name);
  return {
    accessToken: byName('access_token'),
    refreshToken: byName('refresh_token'),
    userId: byName('userId'),
  };
}
