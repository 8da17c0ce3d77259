import type { Page } from 'playwright-core';
import { pollUntil } from './poll';
import { submitHostedLogin } from './sign-in';

// playwright-core only (no test runner): `npm run paths` drivers use these too.

let people = 0;

/** Someone new: an address and a number no other run has used, so the outbox holds only theirs. */
export function newPerson(tag: string) {
  const stamp = String(Date.now() + people++).slice(-8);
  const national = `119${stamp}`;
  return {
    name: 'Beatriz Almeida',
    email: `${tag}-${stamp}@docesdabia.com.br`,
    password: 'brigadeiro2026',
    /** Digits with 55, as the app puts it in addresses. */
    phone: `55${national}`,
    national,
    shownPhone: `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`,
  };
}

export type NewPerson = ReturnType<typeof newPerson>;

async function newestInOutbox(
  page: Page,
  query: Record<string, string>,
  pick: (text: string, links: string[]) => string | undefined,
): Promise<string> {
  return pollUntil(`a message in the dev outbox for ${JSON.stringify(query)}`, async () => {
    const res = await page.request.get(`/dev/outbox/messages?${new URLSearchParams(query)}`);
    const body = (await res.json()) as { data: { messages: { text: string; links: string[] }[] } };
    return body.data.messages.map((m) => pick(m.text, m.links)).find(Boolean) ?? '';
  });
}

/** The newest SMS code the dev outbox holds for `phone` (digits with 55). */
export function codeTextedTo(page: Page, phone: string): Promise<string> {
  return newestInOutbox(
    page,
    { to: `+${phone}`, channel: 'sms' },
    (text) => /\b([0-9]{6})\b/.exec(text)?.[1],
  );
}

/** Fills and sends the hosted sign-up form; resolves once the page says the e-mail went out. */
export async function submitSignUp(page: Page, person: NewPerson): Promise<void> {
  await page.getByLabel('Nome').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByText(`Enviamos um link de confirmação para ${person.email}`).waitFor();
}

/** The e-mail confirmation link the dev outbox holds for `email`. */
export function verificationLinkFor(page: Page, email: string): Promise<string> {
  return newestInOutbox(page, { to: email, channel: 'email' }, (_text, links) =>
    links.find((l) => /\/signup\?verificationToken=/.test(l)),
  );
}

/**
 * A new person creates an account on the hosted login, confirms the e-mail through the link in the
 * dev outbox and signs in: the app sends them to onboarding.
 */
export async function signUpAndSignIn(page: Page, person: NewPerson): Promise<void> {
  await page.goto('/home');
  await page.waitForURL(/\/auth\/login/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await submitSignUp(page, person);

  await page.goto(await verificationLinkFor(page, person.email));
  await page.getByRole('heading', { name: 'E-mail verificado' }).waitFor();
  await page.getByRole('link', { name: 'Entrar' }).click();
  await submitHostedLogin(page, person);
  await page.waitForURL(/\/onboarding\/user-name$/);
}
