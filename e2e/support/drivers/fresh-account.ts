import type { Browser, BrowserContext, Page } from 'playwright-core';

/** An account made through the real sign-up: who it is and the session its sign-in gave. */
export interface FreshAccount {
  email: string;
  password: string;
  name: string;
  /** The pair the hosted login sent back, refreshed from the page after each replay step. */
  tokens: { accessToken: string; refreshToken: string; userId: string };
}

const WAIT_MS = 10_000;

async function until<T>(what: string, look: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The e-mail verification link the dev outbox holds for `email`. */
function verificationLink(page: Page, baseURL: string, email: string): Promise<string> {
  return until(`verification e-mail for ${email} in the dev outbox`, async () => {
    const res = await page.request.get(
      `${baseURL}/dev/outbox/messages?${new URLSearchParams({ to: email, channel: 'email' })}`,
    );
    const body = (await res.json()) as { data: { messages: { links: string[] }[] } };
    return body.data.messages.flatMap((m) => m.links).find((l) => /\/signup\?verificationToken=/.test(l));
  });
}

/** A person no other run has used (the outbox holds only their messages). */
function newPerson(tag: string) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: 'Beatriz Almeida', email: `${tag}-${stamp}@docesdabia.com.br`, password: 'brigadeiro2026' };
}

/** Fills and sends the hosted sign-up form; resolves once the page says the e-mail went out. */
async function signUp(page: Page, account: ReturnType<typeof newPerson>): Promise<void> {
  await page.goto('/auth/signup');
  await page.getByLabel('Nome').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByText(`Enviamos um link de confirmação para ${account.email}`).waitFor();
}

/**
 * Someone new signs up on the hosted login; resolves with the verification token of the e-mail the
 * dev outbox holds for them, not yet used.
 */
export async function signUpForVerificationToken(
  browser: Browser,
  baseURL: string,
  tag: string,
): Promise<string> {
  const account = newPerson(tag);
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await signUp(page, account);
    const link = new URL(await verificationLink(page, baseURL, account.email));
    return link.searchParams.get('verificationToken')!;
  } finally {
    await context.close();
  }
}

/**
 * Someone new signs up on the hosted login, confirms the e-mail through the dev outbox's link and
 * signs in. Done in a context of its own; the tokens the hosted login sends to /login are kept
 * (that request is answered empty, so no app consumes them) for the replay to put in its cookies.
 */
export async function signUpFreshAccount(
  browser: Browser,
  baseURL: string,
  tag: string,
): Promise<FreshAccount> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = {
    name: 'Beatriz Almeida',
    email: `${tag}-${stamp}@docesdabia.com.br`,
    password: 'brigadeiro2026',
  };
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await page.goto('/auth/signup');
    await page.getByLabel('Nome').fill(account.name);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText(`Enviamos um link de confirmação para ${account.email}`).waitFor();
    await page.goto(await verificationLink(page, baseURL, account.email));
    await page.getByRole('heading', { name: 'E-mail verificado' }).waitFor();
    const tokens = await signInOnHostedLogin(context, page, account);
    return { ...account, tokens };
  } finally {
    await context.close();
  }
}

/** Signs in on the hosted login; resolves with the tokens it sends to the app's /login. */
async function signInOnHostedLogin(
  context: BrowserContext,
  page: Page,
  account: { email: string; password: string },
): Promise<FreshAccount['tokens']> {
  let sent: URL | undefined;
  await context.route(
    (url) => url.pathname === '/login' && url.searchParams.has('accessToken'),
    async (route) => {
      sent = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>signed in</title>' });
    },
  );
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const url = await until('redirect to /login with tokens', async () => sent);
  return {
    accessToken: url.searchParams.get('accessToken')!,
    refreshToken: url.searchParams.get('refreshToken')!,
    userId: url.searchParams.get('userId')!,
  };
}

/** Puts the account's session in the page's cookies, as the app's /login would have. */
export async function useAccountSession(page: Page, baseURL: string, account: FreshAccount): Promise<void> {
  const { accessToken, refreshToken, userId } = account.tokens;
  await page.context().addCookies(
    [
      ['access_token', accessToken],
      ['refresh_token', refreshToken],
      ['userId', userId],
    ].map(([name, value]) => ({ name: name!, value: value!, url: baseURL })),
  );
}

/** Keeps the pair the page runs on now (a refresh may have rotated it) for the run's next path. */
export async function keepAccountSession(page: Page, account: FreshAccount): Promise<void> {
  const cookies = await page.context().cookies();
  const value = (name: string) => cookies.find((c) => c.name === name)?.value;
  const accessToken = value('access_token');
  const refreshToken = value('refresh_token');
  if (accessToken && refreshToken && accessToken !== account.tokens.accessToken)
    account.tokens = {
      ...account.tokens,
      accessToken: decodeURIComponent(accessToken),
      refreshToken: decodeURIComponent(refreshToken),
    };
}
