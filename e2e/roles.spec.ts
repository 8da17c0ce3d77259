import { expect, test } from '@playwright/test';
import { DEMO_STAFF_EMAIL, DEMO_USER_PASSWORD } from '../server/demo/seed-demo';
import { signIn } from './support/sign-in';

// Roles end to end (issue 15), as the demo company's staff member: what the role cannot do is not
// offered, and a page it cannot open says so.

const staff = { email: DEMO_STAFF_EMAIL, password: DEMO_USER_PASSWORD } as const;

test('a staff member is not offered company data, the subscription or exports', async ({ page }) => {
  await signIn(page, '/settings', staff);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Áreas de configuração' });
  await expect(menu.getByRole('link', { name: /^Conexão WhatsApp/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Serviços/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Sobre a empresa/ })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: /^Equipe/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Assinatura' })).toHaveCount(0);

  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
});

test('a staff member opening "Sobre a empresa" directly sees "Sem acesso" and the way back', async ({
  page,
}) => {
  await signIn(page, '/settings/company-info', staff);
  await expect(page.getByRole('heading', { level: 1, name: 'Sem acesso' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/company-info$/);
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
