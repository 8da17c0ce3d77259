import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { ReplayContext } from '../browser-driver';

/**
 * An account a tester accepts as real: signed up on the hosted login, e-mail confirmed and phone
 * verified through the dev outbox, onboarded with the free trial. Made once per replay run and
 * shared by the paths of a chart (`context.once`); the company starts with no data.
 */
export interface FreshAccount {
  email: string;
  storageState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
}

const STEP_TIMEOUT_MS = 15_000;

async function fromOutbox(
  page: Page,
  query: Record<string, string>,
  pick: (m: OutboxMessage) => string | undefined,
) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const res = await page.request.get(`/dev/outbox/messages?${new URLSearchParams(query)}`);
    const body = (await res.json()) as { data: { messages: OutboxMessage[] } };
    const found = body.data.messages.map(pick).find(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing in the dev outbox for ${JSON.stringify(query)}`);
    await page.waitForTimeout(200);
  }
}

interface OutboxMessage {
  text: string;
  links: string[];
}

/** Signs a new person up and walks onboarding to the trial, in a context of its own. */
async function signUp(baseURL: string, page: Page, tag: string): Promise<FreshAccount> {
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const stamp = `${Date.now()}`.slice(-8);
  const national = `119${stamp}`;
  const person = {
    name: 'Beatriz Almeida',
    email: `${tag}-${stamp}@docesdabia.com.br`,
    password: 'brigadeiro2026',
    phone: `55${national}`,
  };
  await page.goto(new URL('/home', baseURL).toString());
  await page.waitForURL(/\/auth\/login/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByText(`Enviamos um link de confirmação para ${person.email}`).waitFor();
  const link = await fromOutbox(page, { to: person.email, channel: 'email' }, (m) =>
    m.links.find((l) => /\/signup\?verificationToken=/.test(l)),
  );
  await page.goto(link);
  await page.getByRole('heading', { name: 'E-mail verificado' }).waitFor();
  await page.getByRole('link', { name: 'Entrar' }).click();
  await page.waitForURL(/\/auth\/login/);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await page.waitForURL(/\/onboarding\/user-name$/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/company$/);
  await page.getByLabel('Nome da empresa').fill('Doces da Bia');
  await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/phone$/);
  await page.getByLabel('Celular com DDD').pressSequentially(national);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.waitForURL(/\/onboarding\/verify-phone\?phone=/);
  const code = await fromOutbox(
    page,
    { to: `+${person.phone}`, channel: 'sms' },
    (m) => /\b([0-9]{6})\b/.exec(m.text)?.[1],
  );
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Validar' }).click();
  await page.waitForURL(/\/onboarding\/trial$/);
  await page.getByRole('button', { name: 'Começar teste grátis' }).click();
  await page.waitForURL(/\/settings\/whatsapp-business-connection$/);
  return { email: person.email, storageState: await page.context().storageState() };
}

/**
 * The run's account for `chart` (one sign-up per run), signed in on `page`: its cookies are put
 * back on the page's context.
 */
export async function freshAccount(page: Page, context: ReplayContext, chart: string): Promise<FreshAccount> {
  const account = await context.once(`fresh-account:${chart}`, async () => {
    const browser = page.context().browser();
    if (!browser) throw new Error('the page has no browser to sign up in');
    const options: BrowserContextOptions = { locale: 'pt-BR', baseURL: context.baseURL };
    const signUpContext = await browser.newContext(options);
    try {
      return await signUp(context.baseURL, await signUpContext.newPage(), chart);
    } finally {
      await signUpContext.close();
    }
  });
  await page.context().addCookies(account.storageState.cookies);
  return account;
}

/** Calls the real API as the signed-in owner of `page` (its access-token cookie), as the app does. */
export type ApiCall = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;

export function apiOf(page: Page, baseURL: string): ApiCall {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const cookies = await page.context().cookies(baseURL);
    const token = cookies.find((cookie) => cookie.name === 'access_token')?.value;
    if (!token) throw new Error('no access_token cookie: is the account signed in?');
    const res = await page.request.fetch(new URL(url, baseURL).toString(), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { data: body }),
    });
    const answer = (await res.json()) as { success: boolean; data?: T; error?: string };
    if (!res.ok() || !answer.success)
      throw new Error(`${method} ${url}: ${res.status()} ${answer.error ?? ''}`);
    return answer.data as T;
  };
}
