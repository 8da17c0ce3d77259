import { expect, test } from '@playwright/test';
import { apiOf } from './support/owner-api';
import { signIn } from './support/sign-in';

// Remote configuration without Firebase (issue 16): the server keeps the parameters, the dev page
// edits them, and the app reads them after first paint, so a link changes without a rebuild.

const CONFIGURED_CHARGE_URL = 'https://nubank.com.br/empresas/cobrancas/?origem=e2e';

test.afterEach(async ({ request }) => {
  // Back to the default, so no other spec sees this one's value.
  await request.put('/dev/remote-config', { data: { key: 'charge_with_nu_uri_web', value: null } });
});

test('a charge link edited on the dev page reaches the task detail without a rebuild', async ({
  page,
  baseURL,
}) => {
  await signIn(page, '/home');
  const api = apiOf(page, baseURL!);
  const { task } = await api<{ task: { id: string } }>('POST', '/api/tasks', {
    title: 'Cobrar a encomenda',
    dueAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  await page.goto(`/tasks/${task.id}`);
  const charge = page.getByRole('link', { name: 'Cobrar com Nubank' });
  await expect(charge).toHaveAttribute('href', 'https://nubank.com.br/empresas/assistente-de-cobrancas/');

  // A bad value is refused on the page, by its field, and nothing changes.
  await page.goto('/dev/remote-config');
  const field = page.getByLabel('charge_with_nu_uri_web: link "Cobrar com Nubank"');
  await field.fill('http://nubank.com.br/');
  await page.getByRole('button', { name: 'Salvar charge_with_nu_uri_web' }).click();
  await expect(page.getByRole('alert')).toHaveText('Use um link https:// ou whatsapp://.');

  await page.getByLabel('charge_with_nu_uri_web: link "Cobrar com Nubank"').fill(CONFIGURED_CHARGE_URL);
  await page.getByRole('button', { name: 'Salvar charge_with_nu_uri_web' }).click();
  await expect(page.getByRole('status')).toHaveText('Salvo.');

  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('link', { name: 'Cobrar com Nubank' })).toHaveAttribute(
    'href',
    CONFIGURED_CHARGE_URL,
  );
  await expect(page.getByRole('link', { name: 'Por que cobrar pelo app do banco?' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
});
