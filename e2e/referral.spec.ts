import { expect, type Page, test } from '@playwright/test';
import { completeSignup, connectBody } from '../tests/support/whatsapp-signup';
import { signUpAsNewcomer } from './support/newcomer';
import { apiOf } from './support/owner-api';

// Indique e Ganhe end to end on the real server: an owner's referral link brings a newcomer, who
// signs up, onboards, connects WhatsApp and subscribes (the local Stripe simulator); the owner's
// invite page follows each of those live, and the reward becomes a credit on the next payment.

function counter(page: Page, which: 'installs' | 'watchers') {
  return page.getByRole('region', { name: 'Total de indicações' }).locator(`[data-count="${which}"]`);
}

test('a referred newcomer signs up, connects WhatsApp and subscribes; the referrer sees each step and earns a month', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const referrer = await (await browser.newContext({ baseURL })).newPage();
  await signUpAsNewcomer(referrer, 'indica');
  await referrer.goto('/settings/invite');
  await expect(referrer.getByRole('heading', { level: 1, name: 'Indique e Ganhe' })).toBeVisible();
  await expect(referrer.getByText('Convide e ganhe')).toBeVisible();
  const link = await referrer.getByRole('textbox', { name: 'Seu link de indicação' }).inputValue();
  const { searchParams, origin } = new URL(link);
  expect(origin).toBe(new URL(baseURL!).origin);
  expect(searchParams.get('user_id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(searchParams.get('company_id')).toMatch(/^[0-9a-f-]{36}$/);
  await expect(counter(referrer, 'installs')).toHaveText('0');
  await expect(counter(referrer, 'watchers')).toHaveText('0');
  const rewards = referrer.getByRole('region', { name: 'Recompensas' });
  await expect(rewards).toContainText('Quando uma empresa indicada assinar, você ganha 1 mês grátis.');

  // The newcomer opens the link: "/" keeps who referred them and sends them to sign in.
  const newcomer = await (await browser.newContext({ baseURL })).newPage();
  await newcomer.goto(link);
  await newcomer.waitForURL(/\/auth\/login/);
  await signUpAsNewcomer(newcomer, 'indicado');

  // Their finished sign-up is an install on the referrer's page, without a reload.
  await expect(counter(referrer, 'installs')).toHaveText('1');
  await expect(counter(referrer, 'watchers')).toHaveText('0');

  // Connecting their WhatsApp (the local Cloud API) makes them a watcher.
  const signup = await completeSignup(baseURL!, {
    phone: `55119${String(Date.now()).slice(-8)}`,
    businessName: 'Doces da Bia',
  });
  await apiOf(newcomer, baseURL!)('POST', '/api/whatsapp-connections', connectBody(signup));
  await expect(counter(referrer, 'watchers')).toHaveText('1');

  // They subscribe during the trial: the referrer earns one month free.
  await newcomer.goto('/paywall');
  await newcomer.getByRole('radio', { name: /^Mensal/ }).click();
  await newcomer.getByRole('button', { name: 'Assinar' }).click();
  await expect(newcomer.getByRole('heading', { level: 1, name: 'Assinar o Fechaí' })).toBeVisible();
  await newcomer.getByRole('button', { name: /^Pagar/ }).click();
  await expect(newcomer).toHaveURL(/\/home$/);

  await expect(rewards.getByRole('listitem')).toHaveCount(1);
  await expect(rewards.getByRole('listitem')).toContainText('1 mês grátis');

  // Still on its trial, the referrer's company has the credit waiting for its first payment.
  await referrer.goto('/settings');
  const subscription = referrer.getByRole('region', { name: 'Assinatura' });
  await expect(subscription.locator('dt', { hasText: 'Crédito de indicação' }).locator('+ dd')).toContainText(
    /R\$\s[\d.]+,\d{2} no próximo pagamento/,
  );
});
