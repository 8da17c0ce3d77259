import { expect, type Page, test } from '@playwright/test';
import { codeTextedTo, newPerson, signUpAndSignIn } from './support/onboarding-account';

// Onboarding end to end (spec §2): a new person from sign-up through the five steps to the
// WhatsApp connection page, on the real server, with the SMS code read from the dev outbox; and
// every step page not reachable yet sends to the current step's.

test.setTimeout(90_000);

const stepPages = [
  '/onboarding/user-name',
  '/onboarding/company',
  '/onboarding/phone',
  '/onboarding/verify-phone',
  '/onboarding/trial',
] as const;

function currentIndicator(page: Page) {
  return page.getByRole('navigation', { name: 'Etapas do cadastro' }).locator('[aria-current="step"]');
}

/** Opening each of `urls` (a fresh page load) lands on `expected`. */
async function expectEachLandsOn(page: Page, urls: readonly string[], expected: RegExp) {
  for (const url of urls) {
    await page.goto(url);
    await expect(page, `${url} → ${expected}`).toHaveURL(expected);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

async function fillCompany(page: Page) {
  await page.getByLabel('Nome da empresa').fill('Doces da Bia');
  await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
  await expect(page.getByLabel('Número do CNPJ')).toHaveValue('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('a new person signs up and walks all five steps to the WhatsApp connection page', async ({ page }) => {
  const person = newPerson('onboarding');
  await signUpAndSignIn(page, person);

  // Sobre você: the name from the sign-up is there already.
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre você' })).toBeVisible();
  await expect(currentIndicator(page)).toContainText('Sobre você');
  await expect(page.getByLabel('Seu nome')).toHaveValue(person.name);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Sobre sua empresa: a wrong check digit is said at once.
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await expect(currentIndicator(page)).toContainText('Sobre sua empresa');
  await expect(page.getByRole('radio', { name: 'CPF' })).toBeChecked();
  await page.getByRole('radio', { name: 'CNPJ' }).check();
  await page.getByLabel('Número do CNPJ').pressSequentially('11222333000182');
  await expect(page.getByRole('alert')).toHaveText('CNPJ inválido. Confira os números.');
  await page.getByLabel('Número do CNPJ').fill('');
  await fillCompany(page);

  // Telefone.
  await expect(page).toHaveURL(/\/onboarding\/phone$/);
  await expect(currentIndicator(page)).toContainText('Validação de telefone');
  await page.getByLabel('Celular com DDD').pressSequentially(person.national);
  await expect(page.getByLabel('Celular com DDD')).toHaveValue(person.shownPhone);
  await page.getByRole('button', { name: 'Enviar código' }).click();

  // Validação de telefone: a wrong code is refused with the server's words, then the SMS's code works.
  await expect(page).toHaveURL(new RegExp(`/onboarding/verify-phone\\?phone=${person.phone}$`));
  await expect(page.getByText(person.shownPhone)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reenviar código em \d:\d\d$/ })).toBeDisabled();
  const code = await codeTextedTo(page, person.phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Código de verificação').fill(wrong);
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Validar' }).click();

  // Tudo pronto para começar.
  await expect(page).toHaveURL(/\/onboarding\/trial$/);
  await expect(currentIndicator(page)).toContainText('Tudo pronto para começar');
  await expect(page.getByText('Teste grátis de 7 dias')).toBeVisible();
  await page.getByRole('button', { name: 'Começar teste grátis' }).click();

  await expect(page).toHaveURL(/\/settings\/whatsapp-business-connection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Conexão WhatsApp' })).toBeVisible();

  // Onboarding is over: its pages send on.
  await expectEachLandsOn(page, ['/onboarding'], /\/settings\/whatsapp-business-connection$/);
  await expectEachLandsOn(page, stepPages, /\/home$/);
});

test('every step page not reachable yet redirects to the current step’s page', async ({ page }) => {
  const person = newPerson('redirects');
  await signUpAndSignIn(page, person);
  const phoneParam = `?phone=${person.phone}`;

  // At "Sobre você": nothing after it opens.
  await expectEachLandsOn(
    page,
    [
      '/onboarding',
      '/onboarding/company',
      '/onboarding/phone',
      `/onboarding/verify-phone${phoneParam}`,
      '/onboarding/trial',
    ],
    /\/onboarding\/user-name$/,
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);

  // At "Sobre sua empresa": the name may be corrected, nothing after opens.
  await expectEachLandsOn(page, ['/onboarding/user-name'], /\/onboarding\/user-name$/);
  await expectEachLandsOn(
    page,
    ['/onboarding', '/onboarding/phone', `/onboarding/verify-phone${phoneParam}`, '/onboarding/trial'],
    /\/onboarding\/company$/,
  );
  await fillCompany(page);
  await expect(page).toHaveURL(/\/onboarding\/phone$/);

  // At "Telefone": verify-phone needs a number; the trial is not open.
  await expectEachLandsOn(
    page,
    ['/onboarding', '/onboarding/verify-phone', '/onboarding/trial'],
    /\/onboarding\/phone$/,
  );
  await page.getByLabel('Celular com DDD').pressSequentially(person.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const verifyPage = new RegExp(`/onboarding/verify-phone\\?phone=${person.phone}$`);
  await expect(page).toHaveURL(verifyPage);

  // A code is pending: /onboarding and the trial go to the code; the number may still change.
  await expectEachLandsOn(page, ['/onboarding', '/onboarding/trial', '/onboarding/verify-phone'], verifyPage);
  await expectEachLandsOn(page, ['/onboarding/phone'], /\/onboarding\/phone$/);
  await page.goto(`/onboarding/verify-phone${phoneParam}`);
  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, person.phone));
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/trial$/);

  // Phone verified: verify-phone is closed, the trial is the current step.
  await expectEachLandsOn(
    page,
    ['/onboarding', `/onboarding/verify-phone${phoneParam}`],
    /\/onboarding\/trial$/,
  );
  await expectEachLandsOn(page, ['/onboarding/company'], /\/onboarding\/company$/);
});

test('a person goes back to correct the company, is offered a code only when none went out, and signs out', async ({
  page,
}) => {
  const person = newPerson('back-and-out');
  await signUpAndSignIn(page, person);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await fillCompany(page);
  await expect(page).toHaveURL(/\/onboarding\/phone$/);

  // "Voltar": the company as saved, corrected and saved again; the correction is what the server keeps.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await expect(page.getByLabel('Nome da empresa')).toHaveValue('Doces da Bia');
  await page.getByLabel('Nome da empresa').fill('Doces e Bolos da Bia');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/onboarding\/phone$/);
  await page.reload();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Nome da empresa')).toHaveValue('Doces e Bolos da Bia');
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding\/phone$/);

  // The code page opened directly, with no code sent: it says so, and sends one only when asked.
  await page.goto(`/onboarding/verify-phone?phone=${person.phone}`);
  await expect(page.getByText(/^Ainda não enviamos um código para/)).toContainText(person.shownPhone);
  await expect(page.getByLabel('Código de verificação')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText(/^Enviamos um código de 6 números por SMS para/)).toBeVisible();
  expect(await codeTextedTo(page, person.phone)).toMatch(/^\d{6}$/);

  // "Sair": signed out, on the hosted login, where another account can sign in.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});
