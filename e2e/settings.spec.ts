import { expect, type Page, test } from '@playwright/test';
import { DEMO_USER_EMAIL } from '../server/demo/seed-demo';
import { signIn } from './support/sign-in';

// Configurações end to end, as the demo owner: the account, the subscription, every settings area,
// and changing the phone number with a code read from the dev outbox.

/** The newest SMS code the dev outbox holds for `phone` (digits with 55). */
async function codeTextedTo(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ to: `+${phone}`, channel: 'sms' });
        const res = await page.request.get(`/dev/outbox/messages?${query}`);
        const body = (await res.json()) as { data: { messages: { text: string }[] } };
        code = body.data.messages.map((m) => /\b([0-9]{6})\b/.exec(m.text)?.[1]).find(Boolean);
        return code;
      },
      { message: `an SMS with a code to +${phone}` },
    )
    .toBeTruthy();
  return code!;
}

test('/settings shows the account, the subscription and every settings area', async ({ page }) => {
  await signIn(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();

  const account = page.getByRole('region', { name: 'Sua conta' });
  await expect(account).toContainText('Ana Paula Ribeiro');
  await expect(account).toContainText(DEMO_USER_EMAIL);
  await expect(account).toContainText('(11) 94002-8922');
  await expect(account).toContainText('Doces da Ana');

  const subscription = page.getByRole('region', { name: 'Assinatura' });
  await expect(subscription.locator('dt', { hasText: 'Situação' }).locator('+ dd')).toHaveText('Ativa');

  const menu = page.getByRole('navigation', { name: 'Áreas de configuração' });
  for (const title of [
    'Conexão WhatsApp',
    'Serviços',
    'Sobre a empresa',
    'Equipe',
    'Treinamento da IA',
    'Indique e Ganhe',
    'Acesso e Segurança',
    'Contatos ignorados',
  ])
    await expect(menu.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();

  await menu.getByRole('link', { name: /^Serviços/ }).click();
  await expect(page).toHaveURL(/\/settings\/services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
});

test('the phone number changes once the code texted to the new one checks out', async ({ page }) => {
  // A number no other run has used, so the outbox holds only this run's code for it.
  const national = `219${String(Date.now()).slice(-8)}`;
  const phone = `55${national}`;
  const shown = `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;

  await signIn(page, '/settings');
  await page.getByRole('link', { name: /^Acesso e Segurança/ }).click();
  await expect(page).toHaveURL(/\/settings\/access-security\/phone-change$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar o número de celular' })).toBeVisible();

  const field = page.getByLabel('Novo número de celular');
  await field.fill('21 9');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Informe um celular válido/);

  await field.fill(national);
  await expect(field).toHaveValue(shown);
  await page.getByRole('button', { name: 'Enviar código' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/settings/access-security/phone-change/validate\\?phone=${phone}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Valide seu telefone' })).toBeVisible();
  await expect(page.getByText(shown)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reenviar código em/ })).toBeDisabled();

  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, phone));
  await page.getByRole('button', { name: 'Validar' }).click();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Número de celular atualizado.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sua conta' })).toContainText(shown);
});
