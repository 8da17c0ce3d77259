import { type Browser, expect, type Page, test } from '@playwright/test';
import { invitationLine, joinTeamTexts } from '../machines/join-team/join-team.texts';
import { roleSelectLabel, teamTexts, teamToasts } from '../machines/team/team.texts';
import { signUpAsNewcomer } from './support/newcomer';
import { codeTextedTo, newPerson } from './support/onboarding-account';
import { apiOf } from './support/owner-api';
import { column, dealCard } from './support/sales-board';
import { invitationLinkFor } from './support/team-invitations';

// The team end to end (issue 15), on the real server with the dev outbox: an owner invites someone
// from "Equipe"; the invitee opens the e-mailed link, signs up on the hosted page, names themselves,
// verifies their phone and is in the owner's company (no company step, no trial); the owner makes
// them a manager, then removes them, and their next navigation asks them to sign in. Meanwhile what the
// owner does on the sales board, and a task they complete, show on the member's open pages live.

test.setTimeout(180_000);

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

function settingsMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Áreas de configuração' });
}

test('an invited person signs up from the e-mail, joins the company, is made manager, then removed', async ({
  browser,
  baseURL,
}) => {
  const ownerPage = await newPage(browser);
  const owner = await signUpAsNewcomer(ownerPage, 'team-owner');

  // The owner invites a staff member from "Equipe".
  const invitee = { ...newPerson('team-invitee'), name: 'Carla Mendes' };
  await ownerPage.goto('/settings/team');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
  await ownerPage.getByLabel('E-mail').fill(invitee.email);
  await ownerPage.getByLabel('Papel').selectOption({ label: 'Atendente' });
  await ownerPage.getByRole('button', { name: teamTexts.invite, exact: true }).click();
  await expect(ownerPage.getByText(teamToasts.invited(invitee.email))).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: teamTexts.resend }).first()).toBeVisible();

  // The invitee opens the link from the e-mail, signed out, and signs up with the invited address.
  const link = await invitationLinkFor(ownerPage, invitee.email);
  const page = await newPage(browser);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: joinTeamTexts.heading })).toBeVisible();
  await expect(page.getByText(invitationLine(owner.name, 'Doces da Bia', 'staff'))).toBeVisible();
  await page.getByRole('button', { name: joinTeamTexts.signUp }).click();
  await page.waitForURL(/\/auth\/signup/);
  await page.getByLabel('Nome').fill(invitee.name);
  // The hosted page starts with the invited address.
  await expect(page.getByLabel('E-mail')).toHaveValue(invitee.email);
  await page.getByLabel('Senha', { exact: true }).fill(invitee.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // Only that inbox had the link: signed in at once, back on the invitation, which they accept.
  await page.waitForURL((url) => url.pathname === new URL(link).pathname);
  await page.getByRole('button', { name: joinTeamTexts.accept }).click();

  // Their own name and phone, and nothing about the company: it is the owner's.
  await page.waitForURL(/\/onboarding\/user-name$/);
  await expect(page.getByLabel('Seu nome')).toHaveValue(invitee.name);
  const stepper = page.getByRole('navigation', { name: 'Etapas do cadastro' });
  await expect(stepper.getByRole('listitem').filter({ hasText: 'Sobre sua empresa' })).toHaveAttribute(
    'data-state',
    'completed',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/phone$/);
  await page.getByLabel('Celular com DDD').pressSequentially(invitee.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.waitForURL(/\/onboarding\/verify-phone\?phone=/);
  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, invitee.phone));
  await page.getByRole('button', { name: 'Validar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'));
  await expect(page).not.toHaveURL(/\/onboarding\/(company|trial)/);

  // In the signed-in area of the owner's company, as staff: no company data, no team.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(settingsMenu(page).getByRole('link', { name: /^Conexão WhatsApp/ })).toBeVisible();
  await expect(settingsMenu(page).getByRole('link', { name: /^Sobre a empresa/ })).toHaveCount(0);
  await expect(settingsMenu(page).getByRole('link', { name: /^Equipe/ })).toHaveCount(0);

  // What the owner does on the board shows on the member's open board at once, without a reload:
  // the server announces it to the company's tabs, which fetch the board again.
  const dealTitle = 'Encomenda de 200 brigadeiros';
  await page.goto('/sales');
  await expect(column(page, 'Novo contato')).toContainText('Nenhuma venda nesta etapa.');
  await ownerPage.goto('/sales');
  await ownerPage.getByRole('link', { name: 'Nova venda' }).click();
  await ownerPage.getByLabel('Título').fill(dealTitle);
  await ownerPage.getByLabel('Valor').fill('18000');
  await ownerPage.getByRole('button', { name: 'Criar venda' }).click();
  await expect(ownerPage).toHaveURL(/\/sales$/);
  await expect(column(page, 'Novo contato').getByRole('article', { name: dealTitle })).toBeVisible();
  await dealCard(ownerPage, dealTitle)
    .getByRole('button', { name: `Mover ${dealTitle} para…` })
    .click();
  await ownerPage.getByRole('menuitem', { name: 'Fechado ganho' }).click();
  await expect(column(page, 'Fechado ganho').getByRole('article', { name: dealTitle })).toBeAttached();
  await expect(column(page, 'Novo contato')).toContainText('Nenhuma venda nesta etapa.');

  // So does a task the owner completes: the member's open task page shows it done.
  const task = await apiOf(ownerPage, baseURL!)<{ task: { id: string } }>('POST', '/api/tasks', {
    title: 'Separar as forminhas',
    description: '',
    dueAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    customerId: null,
    recurrence: 'none',
  });
  await page.goto(`/tasks/${task.task.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Separar as forminhas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Concluir tarefa' })).toBeVisible();
  await ownerPage.goto(`/tasks/${task.task.id}`);
  await ownerPage.getByRole('button', { name: 'Concluir tarefa' }).click();
  await expect(ownerPage.getByText('Concluída', { exact: true })).toBeVisible();
  await expect(page.getByText('Concluída', { exact: true })).toBeVisible();

  // The owner sees them in the team and makes them a manager.
  await ownerPage.goto('/settings/team');
  const roleSelect = ownerPage.getByLabel(roleSelectLabel(invitee.name, invitee.email));
  await expect(roleSelect).toHaveValue('staff');
  await expect(ownerPage.getByRole('button', { name: teamTexts.resend })).toHaveCount(0);
  await roleSelect.selectOption({ label: 'Gerente' });
  await expect(
    ownerPage.getByText(teamToasts.roleChanged(invitee.name, invitee.email, 'manager')),
  ).toBeVisible();

  // A manager has the company data, still not the team.
  await page.goto('/settings');
  await expect(settingsMenu(page).getByRole('link', { name: /^Sobre a empresa/ })).toBeVisible();
  await expect(settingsMenu(page).getByRole('link', { name: /^Equipe/ })).toHaveCount(0);

  // Removed: their sign-ins end, and the next page they open asks them to sign in.
  const row = ownerPage.getByRole('listitem').filter({ has: roleSelect });
  await row.getByRole('button', { name: teamTexts.remove, exact: true }).click();
  await ownerPage.getByRole('button', { name: teamTexts.removeConfirm }).click();
  await expect(ownerPage.getByText(teamToasts.removed(invitee.name, invitee.email))).toBeVisible();
  await expect(roleSelect).toHaveCount(0);

  await page.goto('/customers');
  await page.waitForURL(/\/auth\/login/);
});
