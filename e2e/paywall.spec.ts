import { expect, test } from '@playwright/test';
import { TRIAL_ENDED_USER_EMAIL } from '../server/demo/seed-demo';
import { demoOwner, submitHostedLogin } from './support/sign-in';

// The paywall end to end: a trial that ended, the plans, the (simulated) checkout, back in the app.
// The demo's "Oficina do Bruno" has a trial that ended two days ago and nothing paid (SEED_DEMO=1).

const bruno = { email: TRIAL_ENDED_USER_EMAIL, password: demoOwner.password } as const;

test('a trial that ended leads to the paywall; paying the yearly plan opens the app again', async ({
  page,
}) => {
  // The signed-in area sends Bruno to sign in, then to the paywall.
  await page.goto('/home');
  await submitHostedLogin(page, bruno);
  await expect(page).toHaveURL(/\/paywall$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seu teste grátis terminou' })).toBeVisible();

  // Both plans in reais; the yearly one shows what it costs a month and what it saves.
  const monthly = page.getByRole('radio', { name: /^Mensal/ });
  const yearly = page.getByRole('radio', { name: /^Anual/ });
  await expect(monthly).toBeVisible();
  await expect(yearly).toBeChecked();
  const yearlyCard = page.locator('label', { has: yearly });
  await expect(yearlyCard).toContainText(/R\$\s[\d.]+,\d{2}\/ano/);
  await expect(yearlyCard).toContainText(/equivale a R\$\s[\d.]+,\d{2}\/mês/);
  await expect(yearlyCard).toContainText(/economize \d+%/);
  await expect(
    page.getByRole('region', { name: 'O que está incluído' }).getByRole('listitem').first(),
  ).toBeVisible();

  // The guards keep the app closed meanwhile.
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/paywall$/);

  await monthly.click();
  await yearly.click();
  await expect(yearly).toBeChecked();
  await page.getByRole('button', { name: 'Assinar' }).click();

  // The checkout page (Stripe Checkout's stand-in). Back from it finds the plans ready again.
  await expect(page.getByRole('heading', { level: 1, name: 'Assinar o Fechaí' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/paywall$/);
  await expect(page.getByRole('button', { name: 'Assinar' })).toBeEnabled();
  await expect(yearly).toBeChecked();
  await page.getByRole('button', { name: 'Assinar' }).click();

  // The yearly plan, then pay.
  await expect(page.getByRole('heading', { level: 1, name: 'Assinar o Fechaí' })).toBeVisible();
  await expect(page.getByText('Fechaí Anual')).toBeVisible();
  await page.getByRole('button', { name: /^Pagar/ }).click();

  // Back in the app, subscribed: a toast says so, and the parameter is gone from the address.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
  await expect(page.getByText('Pagamento confirmado! Sua assinatura está ativa.')).toBeVisible();
  expect(page.url()).not.toContain('paymentsuccess');

  // /settings shows the plan paid for, and when it is charged next.
  await page.getByRole('link', { name: 'Configurações' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  const subscription = page.getByRole('region', { name: 'Assinatura' });
  await expect(subscription.locator('dt', { hasText: 'Plano' }).locator('+ dd')).toHaveText('Anual');
  await expect(subscription.locator('dt', { hasText: 'Situação' }).locator('+ dd')).toHaveText('Ativa');
  await expect(subscription.locator('dt', { hasText: 'Próxima cobrança' }).locator('+ dd')).toContainText(
    /\d{2}\/\d{2}\/\d{4} · R\$\s[\d.]+,\d{2}/,
  );

  // And the paywall itself now only leads back into the app.
  await page.goto('/paywall');
  await expect(page.getByRole('heading', { level: 1, name: 'Sua assinatura está ativa' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('signed out, /paywall sends to sign in and back; a current subscription only leads into the app', async ({
  page,
}) => {
  await page.goto('/paywall');
  await submitHostedLogin(page, demoOwner);
  await expect(page).toHaveURL(/\/paywall$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sua assinatura está ativa' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
});
