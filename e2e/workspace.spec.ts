import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { customersCsv } from './support/customers-csv';
import { signUpAsNewcomer } from './support/newcomer';
import { column, dealCard } from './support/sales-board';

// The sales workspace end to end (issue 5), as a newcomer fresh out of onboarding, on the real
// server: a customer, a weekly task with a follow-up, a deal moved across the board by keyboard and
// by mouse, the customer found by a partial accent-less name, a 1,000-row CSV import; and the board
// and the quick-add sheet on a phone-sized screen.

test.setTimeout(90_000);

const customer = {
  name: 'Conceição Araújo',
  typedPhone: '11987654321',
  shownPhone: '(11) 98765-4321',
  /** The same WhatsApp as written before the ninth digit. */
  oldPhone: '(11) 8765-4321',
};

/** A calendar day `offset` days from today in São Paulo (the browser's and the company's zone). */
function saoPauloDay(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  const iso = day.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}/${m}/${y}`, dayMonth: `${d}/${m}` };
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The "Cliente" combobox of a form: Conceição, found by a partial accent-less search. */
async function pickCustomer(page: Page) {
  const picker = page.getByRole('combobox', { name: 'Cliente', exact: true });
  await picker.click();
  await picker.pressSequentially('conceicao');
  const options = page.getByRole('listbox', { name: 'Clientes' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await options.filter({ hasText: customer.name }).click();
  await expect(picker).toHaveValue(customer.name);
}

/** "Nova venda" for Conceição; back on the board. */
async function createDeal(page: Page, title: string, typedValue: string) {
  await page.getByRole('link', { name: 'Nova venda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova venda' })).toBeVisible();
  await page.getByLabel('Título').fill(title);
  await pickCustomer(page);
  await page.getByLabel('Valor').fill(typedValue);
  await page.getByRole('button', { name: 'Criar venda' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(toast(page, 'Venda criada.')).toBeVisible();
}

/** "Novo cliente": Conceição with her WhatsApp; back on the list. */
async function createCustomer(page: Page) {
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo cliente' })).toBeVisible();
  await page.getByLabel('Nome').fill(customer.name);
  const phone = page.getByLabel('WhatsApp');
  await phone.fill(customer.typedPhone);
  await expect(phone).toHaveValue(customer.shownPhone);
  await page.getByRole('button', { name: 'Salvar cliente' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(toast(page, 'Cliente cadastrado.')).toBeVisible();
}

/** Types a search on /customers as a person does; the list answers after the debounce. */
async function searchCustomers(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Buscar clientes' });
  await box.fill('');
  await box.pressSequentially(text);
  await expect(page).toHaveURL(new URL(`/customers?search=${text}`, page.url()).toString());
}

test('a newcomer runs the sales workspace: customer, recurring task, deal on the board, CSV import', async ({
  page,
}, testInfo) => {
  await signUpAsNewcomer(page, 'workspace');

  let customerUrl = '';
  await test.step('creates a customer and finds her by a partial accent-less name', async () => {
    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(page.getByText('Você ainda não tem clientes.')).toBeVisible();
    await createCustomer(page);

    await searchCustomers(page, 'conceicao');
    const list = page.getByRole('list', { name: 'Clientes' });
    await expect(page.getByText('1 cliente', { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('link', { name: new RegExp(customer.name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect(page.getByText(customer.shownPhone)).toBeVisible();
    customerUrl = page.url();
  });

  const taskTitle = 'Confirmar a encomenda de bolo';
  const message = 'Oi, Conceição! Tudo certo para a entrega do bolo?';
  const tomorrow = saoPauloDay(1);
  const nextWeek = saoPauloDay(8);
  await test.step('creates a weekly task with a follow-up message for her', async () => {
    await page.getByRole('link', { name: 'Tarefas' }).first().click();
    await page.getByRole('link', { name: 'Nova tarefa' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nova tarefa' })).toBeVisible();
    await page.getByLabel('Título').fill(taskTitle);
    await page.getByLabel('Data', { exact: true }).fill(tomorrow.iso);
    await page.getByLabel('Horário').fill('10:00');
    await pickCustomer(page);
    await page.getByLabel('Repetir').selectOption({ label: 'Toda semana' });
    await page.getByRole('switch', { name: 'Enviar mensagem de follow-up no WhatsApp' }).check();
    await page.getByLabel('Mensagem', { exact: true }).fill(message);
    await page.getByRole('button', { name: 'Criar tarefa' }).click();
    await expect(toast(page, 'Tarefa criada.')).toBeVisible();
    await expect(page).toHaveURL(/\/tasks$/);
  });

  await test.step('the task detail shows the follow-up awaiting a connection; completing it creates the next one', async () => {
    await page.goto(customerUrl);
    // The task's row in the customer's tasks ("… Para 28/11/2026 · com mensagem de follow-up"); when
    // its follow-up is due within a day, the follow-ups list links to it too.
    await page.getByRole('link', { name: new RegExp(`^${taskTitle} Para `) }).click();
    await expect(page.getByRole('heading', { level: 1, name: taskTitle })).toBeVisible();
    await expect(page.getByText('Toda semana')).toBeVisible();
    const followUp = page.getByRole('region', { name: 'Mensagem de follow-up' });
    await expect(followUp).toContainText(message);
    await expect(followUp.getByText('aguardando conexão', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Concluir tarefa' }).click();
    await expect(toast(page, `Próxima tarefa criada para ${nextWeek.shown} às 10:00`)).toBeVisible();
    await expect(page.getByText('Concluída', { exact: true })).toBeVisible();

    // The next occurrence: a week later, same customer, its own follow-up still waiting.
    await page.getByRole('link', { name: 'Tarefas' }).first().click();
    await page.getByRole('link', { name: /^Futuras/ }).click();
    const next = page
      .getByRole('list', { name: 'Tarefas' })
      .getByRole('listitem')
      .filter({ hasText: taskTitle });
    await expect(next).toHaveCount(1);
    await expect(next).toContainText(nextWeek.dayMonth);
    await expect(next).toContainText(customer.name);
    await next.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: taskTitle })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Mensagem de follow-up' }).getByText('aguardando conexão'),
    ).toBeVisible();
  });

  const dealTitle = 'Bolo de casamento da Conceição';
  await test.step('creates a deal and moves it across the board by keyboard, then by mouse', async () => {
    await page.getByRole('link', { name: 'Vendas' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vendas' })).toBeVisible();
    await createDeal(page, dealTitle, '150000');
    await expect(column(page, 'Novo contato').getByRole('article', { name: dealTitle })).toBeVisible();
    await expect(column(page, 'Novo contato')).toContainText(/R\$\s1\.500,00/);

    // Keyboard: lift with Space, one column right, drop with Space.
    const handle = page.getByRole('button', { name: `Arrastar a venda ${dealTitle}` });
    const announcement = page.locator('[data-board-announcement]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(announcement).toHaveText(`Venda ${dealTitle} movida para Em negociação, posição 1 de 1.`);
    await page.keyboard.press('Space');
    await expect(announcement).toHaveText(`Venda ${dealTitle} salva em Em negociação, posição 1 de 1.`);
    await expect(column(page, 'Em negociação').getByRole('article', { name: dealTitle })).toBeVisible();
    await expect(column(page, 'Novo contato')).toContainText('Nenhuma venda nesta etapa.');

    // Mouse: drag the card onto "Proposta enviada".
    const from = await dealCard(page, dealTitle).locator('.deal-card__value').boundingBox();
    const to = await column(page, 'Proposta enviada').boundingBox();
    if (!from || !to) throw new Error('the card or the column is not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await expect(column(page, 'Proposta enviada')).toHaveClass(/board-column--target/);
    await page.mouse.up();
    await expect(announcement).toHaveText(`Venda ${dealTitle} salva em Proposta enviada, posição 1 de 1.`);
    await expect(column(page, 'Proposta enviada').getByRole('article', { name: dealTitle })).toBeVisible();

    // Saved: a reload finds it where it was dropped.
    await page.reload();
    await expect(column(page, 'Proposta enviada').getByRole('article', { name: dealTitle })).toBeVisible();
    await expect(column(page, 'Proposta enviada')).toContainText('1 venda');
    await expect(column(page, 'Em negociação')).toContainText('Nenhuma venda nesta etapa.');
  });

  await test.step('imports a 1,000-row CSV: created and skipped rows reported, the list counts them', async () => {
    const csv = customersCsv(1000, { name: customer.name, phoneWithoutNinthDigit: customer.oldPhone });
    const file = testInfo.outputPath('clientes.csv');
    await writeFile(file, csv.text, 'utf8');

    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await expect(page.getByText('1 cliente', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Importar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Importar clientes' });
    await sheet.getByLabel('Arquivo de contatos').setInputFiles(file);
    await expect(sheet).toContainText('1.000 contatos encontrados');
    // The columns are recognised by their titles.
    await expect(sheet.getByLabel('Nome')).toHaveValue('0');
    await expect(sheet.getByLabel('WhatsApp')).toHaveValue('1');
    await expect(sheet.getByLabel('E-mail')).toHaveValue('2');
    await sheet.getByRole('button', { name: 'Importar 1.000 contatos' }).click();

    // Two batches of 500 rows, each one transaction: allow for a slow, busy machine.
    await expect(sheet.getByRole('status').filter({ hasText: 'Importação concluída' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(sheet).toContainText(`${csv.created} criados, ${csv.skipped.length} ignorados`);
    const skippedRows = sheet.getByRole('table', { name: 'Linhas ignoradas' }).locator('tbody tr');
    await expect(skippedRows).toHaveCount(csv.skipped.length);
    for (const [index, row] of csv.skipped.entries()) {
      await expect(skippedRows.nth(index).locator('td').first()).toHaveText(String(row.line));
      await expect(skippedRows.nth(index).locator('td').last()).toHaveText(row.reason);
    }
    await sheet.getByRole('button', { name: 'Concluir' }).click();
    await expect(sheet).toBeHidden();

    await expect(page.getByText(`${(csv.created + 1).toLocaleString('pt-BR')} clientes`)).toBeVisible();
    // Among a thousand, the partial accent-less search still finds only her.
    await searchCustomers(page, 'conceicao');
    await expect(page.getByText('1 cliente', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clientes' })).toContainText(customer.name);
  });
});

test.describe('on a phone-sized screen', () => {
  // A desktop browser at a phone's size: a phone's user agent would be sent to /download-app.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the board and the quick-add task sheet work', async ({ page }) => {
    await signUpAsNewcomer(page, 'workspace-phone');

    await page.goto('/customers/new');
    await page.getByLabel('Nome').fill(customer.name);
    await page.getByLabel('WhatsApp').fill(customer.typedPhone);
    await page.getByRole('button', { name: 'Salvar cliente' }).click();
    await expect(toast(page, 'Cliente cadastrado.')).toBeVisible();

    const dealTitle = 'Doces para a festa da Conceição';
    await page.goto('/sales');
    await createDeal(page, dealTitle, '42000');

    // One column fills the screen, the next peeks from the side; only the board scrolls sideways.
    await expect(column(page, 'Novo contato').getByRole('article', { name: dealTitle })).toBeInViewport();
    const first = await column(page, 'Novo contato').boundingBox();
    const second = await column(page, 'Em negociação').boundingBox();
    if (!first || !second) throw new Error('the board’s columns are not laid out');
    expect(first.x).toBeGreaterThanOrEqual(0);
    expect(first.x + first.width).toBeLessThanOrEqual(390);
    expect(second.x).toBeLessThan(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // "Mover para…": the way to move a deal without dragging it.
    await dealCard(page, dealTitle)
      .getByRole('button', { name: `Mover ${dealTitle} para…` })
      .tap();
    await page.getByRole('menuitem', { name: 'Fechado ganho' }).tap();
    const won = column(page, 'Fechado ganho');
    await expect(won.getByRole('article', { name: dealTitle })).toBeAttached();
    await won.getByRole('article', { name: dealTitle }).scrollIntoViewIfNeeded();
    await expect(won.getByRole('article', { name: dealTitle })).toBeInViewport();
    await expect(column(page, 'Novo contato')).toContainText('Nenhuma venda nesta etapa.');

    // The quick-add sheet on /home: a bottom sheet, saved without leaving the page.
    await page.getByRole('link', { name: 'Início' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar tarefa' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Nova tarefa' });
    await expect(sheet).toBeVisible();
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box ? Math.round(box.y + box.height) : 0;
      })
      .toBe(844);
    const box = await sheet.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await sheet.getByLabel('Título').fill('Ligar para a Conceição');
    await sheet.getByRole('radio', { name: 'Amanhã' }).check();
    await sheet.getByLabel('Horário').fill('09:00');
    await sheet.getByRole('button', { name: 'Salvar' }).tap();
    await expect(toast(page, 'Tarefa criada.')).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/tasks?filter=future');
    await expect(page.getByRole('list', { name: 'Tarefas' })).toContainText('Ligar para a Conceição');
  });
});
