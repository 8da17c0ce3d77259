import type { Page } from 'playwright-core';
import { codeTextedTo, type NewPerson, newPerson, signUpAndSignIn } from './onboarding-account';
import { pollUntil } from './poll';

/**
 * A newcomer: someone new signs up and walks the five onboarding steps straight through (no wrong
 * inputs; onboarding.spec.ts covers those), landing on the WhatsApp connection page with a free
 * trial, so the whole signed-in area is open to them and their company has no data yet.
 * playwright-core only (no test runner): `npm run paths` drivers use it too.
 */
export async function signUpAsNewcomer(page: Page, tag: string): Promise<NewPerson> {
  const person = newPerson(tag);
  await signUpAndSignIn(page, person);

  // Sobre você: the name from the sign-up is already there.
  await pollUntil(
    `"Seu nome" to hold ${person.name}`,
    () => page.getByLabel('Seu nome').inputValue(),
    (value) => value === person.name,
  );
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.waitForURL(/\/onboarding\/company$/);
  await page.getByLabel('Nome da empresa').fill('Doces da Bia');
  await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.waitForURL(/\/onboarding\/phone$/);
  await page.getByLabel('Celular com DDD').pressSequentially(person.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();

  await page.waitForURL(/\/onboarding\/verify-phone\?phone=/);
  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, person.phone));
  await page.getByRole('button', { name: 'Validar' }).click();

  await page.waitForURL(/\/onboarding\/trial$/);
  await page.getByRole('button', { name: 'Começar teste grátis' }).click();
  await page.waitForURL(/\/settings\/whatsapp-business-connection$/);
  return person;
}
