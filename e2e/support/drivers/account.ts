import type { BrowserContext, Page } from 'playwright-core';
import { newPerson } from '../onboarding-account';

/**
 * A fresh account for a replay, made as a person makes one: the hosted login's sign-up, the
 * confirmation link and the SMS code from the dev outbox, the onboarding steps, the free trial.
 * playwright-core only (`npm run paths` runs without the test runner).
 */

export interface ReplayAccount {
  email: string;
  password: string;
  /** Digits with 55. */
  phone: string;
  /** The signed-in browser's cookies and storage, to put back on a page. */
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
}

const WAIT_MS = 15_000;

/** Polls the dev outbox until `pick` finds something in a message to `to`. */
async function fromOutbox(
  page: Page,
  baseURL: string,
  query: Record<string, string>,
  pick: (text: string, links: string[]) => string | undefined,
): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const res = await page.request.get(
      new URL(`/dev/outbox/messages?${new URLSearchParams(query)}`, baseURL).toString(),
    );
    if (res.ok()) {
      const body = (await res.json()) as { data: { messages: { text: string; links: string[] }[] } };
      const found = body.data.messages.map((m) => pick(m.text, m.links)).find(Boolean);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`nothing in the dev outbox for ${JSON.stringify(query)}`);
    await page.waitForTimeout(200);
  }
}

/**
 * Signs up someone new in `page` (of a fresh browser context on `baseURL`) and walks onboarding
 * through to the free trial; the page ends signed in on the WhatsApp connection page.
 */
export async function signUpWithTrial(page: Page, baseURL: string, tag: string): Promise<ReplayAccount> {
  const person = newPerson(tag);
  const wait = { timeout: WAIT_MS };
  await page.goto(new URL('/home', baseURL).toString());
  await page.waitForURL(/\/auth\/login/, wait);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByText(`Enviamos um link de confirmação para ${person.email}`).waitFor(wait);

  const link = await fromOutbox(page, baseURL, { to: person.email, channel: 'email' }, (_text, links) =>
    links.find((l) => /\/signup\?verificationToken=/.test(l)),
  );
  await page.goto(link);
  await page.getByRole('heading', { name: 'E-mail verificado' }).waitFor(wait);
  await page.getByRole('link', { name: 'Entrar' }).click();
  await page.waitForURL(/\/auth\/login/, wait);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await page.waitForURL(/\/onboarding\/user-name$/, wait);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/company$/, wait);
  await page.getByLabel('Nome da empresa').fill('Doces da Bia');
  await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/phone$/, wait);
  await page.getByLabel('Celular com DDD').pressSequentially(person.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.waitForURL(/\/onboarding\/verify-phone\?phone=/, wait);
  const code = await fromOutbox(
    page,
    baseURL,
    { to: `+${person.phone}`, channel: 'sms' },
    (text) => /\b([0-9]{6})\b/.exec(text)?.[1],
  );
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Validar' }).click();
  await page.waitForURL(/\/onboarding\/trial$/, wait);
  await page.getByRole('button', { name: 'Começar teste grátis' }).click();
  await page.waitForURL(/\/settings\/whatsapp-business-connection$/, wait);
  return {
    email: person.email,
    password: person.password,
    phone: person.phone,
    state: await page.context().storageState(),
  };
}

/** Puts a replay account's cookies on `page`'s context (signed in from the next load on). */
export async function signInWith(page: Page, account: ReplayAccount): Promise<void> {
  await page.context().addCookies(account.state.cookies);
}
