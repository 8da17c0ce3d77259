import { expect, type Page, test } from '@playwright/test';
import { tamperSignature } from '../tests/support/tamper-token';
import { demoOwner, sessionCookies, signIn, submitHostedLogin } from './support/sign-in';
import { expiredCopyOf, foreignCopyOf } from './support/tokens';

// Sign-in end to end: the hosted login, the app's session and its guards, on the real server.

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

/** Replaces one of the app's cookies, as if the browser had kept another value. */
async function setCookie(page: Page, name: string, value: string) {
  const origin = new URL(page.url()).origin;
  // Removed first, so there is never a second cookie of that name for the app to read instead.
  await page.context().clearCookies({ name });
  await page.context().addCookies([{ name, value, url: origin, sameSite: 'Strict' }]);
  expect((await page.context().cookies()).filter((cookie) => cookie.name === name)).toEqual([
    expect.objectContaining({ value }),
  ]);
}

/** The tokens each session check of the page carried. */
function recordSessionChecks(page: Page) {
  const sent: { authorization: string | undefined; refreshToken: string | undefined }[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/session/check')) return;
    const headers = request.headers();
    sent.push({ authorization: headers.authorization, refreshToken: headers.refresh_token });
  });
  return sent;
}

async function latestLinkTo(page: Page, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/outbox/messages?to=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { data: { messages: { links: string[] }[] } };
        link = body.data.messages.flatMap((m) => m.links).find((l) => pattern.test(l));
        return link;
      },
      { message: `an e-mail to ${email} with a link matching ${pattern}` },
    )
    .toBeTruthy();
  return link!;
}

test('a new person signs up, confirms the e-mail, signs in and is sent to onboarding', async ({ page }) => {
  const email = `nova-${Date.now()}@exemplo.com.br`;
  const password = 'brigadeiro2026';

  // The signed-in area sends a stranger to the hosted login.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page).toHaveTitle('Entrar · Fechaí');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome').fill('Beatriz Almeida');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(`Enviamos um link de confirmação para ${email}`)).toBeVisible();

  // Signing in before confirming is refused, with a way to get the e-mail again.
  await page.goto('/home');
  await submitHostedLogin(page, { email, password });
  await expect(page.getByRole('button', { name: /reenviar/i })).toBeVisible();

  const link = await latestLinkTo(page, email, /\/signup\?verificationToken=/);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail verificado' })).toBeVisible();

  await page.getByRole('link', { name: 'Entrar' }).click();
  await submitHostedLogin(page, { email, password });
  // Onboarding is needed: /login sends there, and onboarding to its first step (e2e/onboarding.spec.ts).
  await expect(page).toHaveURL(/\/onboarding\/user-name$/);
  const cookies = await sessionCookies(page);
  expect(cookies.accessToken?.value).toBeTruthy();
  expect(cookies.refreshToken?.value).toBeTruthy();
  expect(cookies.userId?.value).toMatch(/^[0-9a-f-]{36}$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Invalid or expired verification token')).toBeVisible();
});

test('the demo owner signs in and lands on the page they asked for, tokens gone from the address', async ({
  page,
}) => {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  await page.goto('/customers?page=2');
  await submitHostedLogin(page, demoOwner);
  await expect(page).toHaveURL(/\/customers\?page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();

  // The hosted login handed the tokens over in /login's address; the app took them out of it.
  expect(seen.some((url) => url.includes('/login?accessToken='))).toBe(true);
  expect(page.url()).not.toContain('accessToken');
  expect(page.url()).not.toContain('refreshToken');

  const { accessToken, refreshToken, userId } = await sessionCookies(page);
  for (const cookie of [accessToken, refreshToken, userId]) {
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(THIRTY_DAYS_S / 86_400);
  }
});

test('an expired access token is renewed silently; the old refresh token then ends the sign-in', async ({
  page,
}) => {
  await signIn(page, '/customers');
  const before = await sessionCookies(page);
  const expired = await expiredCopyOf(before.accessToken!.value);
  await setCookie(page, 'access_token', expired);
  const checks = recordSessionChecks(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  expect(checks[0]).toEqual({ authorization: `Bearer ${expired}`, refreshToken: before.refreshToken!.value });
  await expect
    .poll(async () => (await sessionCookies(page)).refreshToken?.value)
    .not.toBe(before.refreshToken!.value);
  const after = await sessionCookies(page);
  expect([before.accessToken!.value, expired]).not.toContain(after.accessToken!.value);
  const fresh = await page.request.get('/api/session/check', {
    headers: { authorization: `Bearer ${after.accessToken!.value}` },
  });
  expect(fresh.status()).toBe(200);

  // Someone replays the rotated refresh token: refused, and the whole sign-in is ended.
  const replay = await page.request.get('/api/session/check', {
    headers: { refresh_token: before.refreshToken!.value },
  });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  const legit = await page.request.get('/api/session/check', {
    headers: { authorization: `Bearer ${after.accessToken!.value}` },
  });
  expect(legit.status()).toBe(401);

  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('logout clears the cookies, session storage and cache, ends the sign-in and shows the hosted login', async ({
  page,
}) => {
  await signIn(page, '/home');
  const before = await sessionCookies(page);
  await page.evaluate(() => sessionStorage.setItem('rascunho', 'bolo de pote'));

  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  const after = await sessionCookies(page);
  expect(after).toEqual({ accessToken: undefined, refreshToken: undefined, userId: undefined });
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  // The tokens the browser had are dead on the server too.
  const check = await page.request.get('/api/session/check', {
    headers: {
      authorization: `Bearer ${before.accessToken!.value}`,
      refresh_token: before.refreshToken!.value,
    },
  });
  expect(check.status()).toBe(401);

  // Signing in again from here returns to the app.
  await submitHostedLogin(page, demoOwner);
  await expect(page).toHaveURL(/\/home$/);
});

test('a phone is sent to the download page, and can go on in the browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('/home');
  await submitHostedLogin(page, demoOwner);
  await expect(page).toHaveURL(/\/download-app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Baixar aplicativo' })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute(
    'href',
    /^https:\/\/apps\.apple\.com\//,
  );
  await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
    'href',
    /^https:\/\/play\.google\.com\//,
  );

  await page.getByRole('button', { name: 'Continuar no navegador' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
  // The choice holds on the next visit.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await context.close();
});

for (const [name, forge] of [
  ['tampered', async (token: string) => tamperSignature(token)],
  ['foreign', foreignCopyOf],
] as const) {
  test(`a ${name} access token is refused, even beside a good refresh token`, async ({ page }) => {
    await signIn(page, '/home');
    const { accessToken } = await sessionCookies(page);
    const forged = await forge(accessToken!.value);
    const api = await page.request.get('/api/session/check', {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(api.status()).toBe(401);

    await setCookie(page, 'access_token', forged);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login/);
    expect((await sessionCookies(page)).accessToken).toBeUndefined();
  });
}

test('an expired access token without its refresh token is refused', async ({ page }) => {
  await signIn(page, '/home');
  const { accessToken } = await sessionCookies(page);
  await page.context().clearCookies({ name: 'refresh_token' });
  await setCookie(page, 'access_token', await expiredCopyOf(accessToken!.value));
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/);
});
