import type { Browser, Page } from 'playwright-core';

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
