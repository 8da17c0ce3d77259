import { expect, type Page } from '@playwright/test';
import { codeTextedTo, type NewPerson, newPerson, signUpAndSignIn } from './onboarding-account';

/**
 * A newcomer: someone new signs up and walks the five onboarding steps straight through (no wrong
 * inputs; onboarding.spec.ts covers those), landing on the WhatsApp connection page with a free
 * trial, so the whole signed-in area is open to them and their company has no data yet.
 */
export async function signUpAsNewcomer(page: Page, tag: string): Promise<NewPerson> {
  const person = newPerson(tag);
  await signUpAndSignIn(page, person);

  // Sobre você: the name from the sign-up is already there.
  await expect(page.getByLabel('Seu nome')).toHaveValue(person.name);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await page.getByLabel('Nome da empresa').fill('Doces da Bia');
  await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/onboarding\/phone$/);
  await page.getByLabel('Celular com DDD').pressSequentially(person.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();

  await expect(page).toHaveURL(/\/onboarding\/verify-phone\?phone=/);
  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, person.phone));
  await page.getByRole('button', { name: 'Validar' }).click();

  await expect(page).toHaveURL(/\/onboarding\/trial$/);
  await page.getByRole('button', { name: 'Começar teste grátis' }).click();
  await expect(page).toHaveURL(/\/settings\/whatsapp-business-connection$/);
  return person;
}
