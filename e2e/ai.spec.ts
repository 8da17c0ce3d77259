import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADVISOR_OFFLINE_NOTICE_TEXT } from '../contracts/advisor';
import { joinTeamTexts } from '../machines/join-team/join-team.texts';
import { teamTexts, teamToasts } from '../machines/team/team.texts';
import { completeSignup, connectBody } from '../tests/support/whatsapp-signup';
import { signUpAsNewcomer } from './support/newcomer';
import { codeTextedTo, newPerson } from './support/onboarding-account';
import { type ApiCall, apiOf } from './support/owner-api';
import { invitationLinkFor } from './support/team-invitations';

// The AI journeys (issue 18) on the real server in its default offline mode (no LLM configured):
// the owner trains the AI and previews it, asks the advisor from home and follows the records it
// cites, and lets "Sugerir mensagem" draft a task's follow-up or send a customer a message now;
// with the conversation watcher on, a customer's WhatsApp message becomes a suggestion on home.
// What is asserted is what they see.

test.setTimeout(120_000);

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A moment `days` from now, whole minutes, as the API takes it. */
function inDays(days: number, hour?: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  if (hour !== undefined)
    at.setUTCHours(hour + 3, 0, 0, 0); // São Paulo is UTC-3
  else at.setUTCSeconds(0, 0);
  return at.toISOString();
}

interface Customer {
  id: string;
  name: string;
  /** Digits with 55, as WhatsApp sends it. */
  phone: string;
}
interface Task {
  id: string;
  title: string;
}

/** Someone the owner invites as staff joins their company through the e-mailed link (team.spec.ts covers it). */
async function joinAsStaff(owner: Page, browser: Browser, baseURL: string): Promise<Page> {
  const member = { ...newPerson('consultor-equipe'), name: 'Carla Mendes' };
  await owner.goto('/settings/team');
  await owner.getByLabel('E-mail').fill(member.email);
  await owner.getByLabel('Papel').selectOption({ label: 'Atendente' });
  await owner.getByRole('button', { name: teamTexts.invite, exact: true }).click();
  await expect(owner.getByText(teamToasts.invited(member.email))).toBeVisible();
  const link = await invitationLinkFor(owner, member.email);
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(link);
  await page.getByRole('button', { name: joinTeamTexts.signUp }).click();
  await page.waitForURL(/\/auth\/signup/);
  await page.getByLabel('Nome').fill(member.name);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL((url) => url.pathname === new URL(link).pathname);
  await page.getByRole('button', { name: joinTeamTexts.accept }).click();
  await page.waitForURL(/\/onboarding\/user-name$/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/onboarding\/phone$/);
  await page.getByLabel('Celular com DDD').pressSequentially(member.national);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.waitForURL(/\/onboarding\/verify-phone\?phone=/);
  await page.getByLabel('Código de verificação').fill(await codeTextedTo(page, member.phone));
  await page.getByRole('button', { name: 'Validar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'));
  return page;
}

async function createCustomer(api: ApiCall, name: string): Promise<Customer> {
  const national = `119${String(Date.now()).slice(-8)}`;
  const { customer } = await api<{ customer: Omit<Customer, 'phone'> }>('POST', '/api/customers', {
    name,
    phone: national,
  });
  return { ...customer, phone: `55${national}` };
}

async function createTask(api: ApiCall, title: string, dueAt: string, customerId: string): Promise<Task> {
  return (await api<{ task: Task }>('POST', '/api/tasks', { title, dueAt, customerId })).task;
}

/** Connects the company's WhatsApp through the local Cloud API's embedded sign-up; answers its number's id. */
async function connectWhatsapp(api: ApiCall, baseURL: string): Promise<string> {
  const signup = await completeSignup(baseURL, {
    phone: `55118${String(Date.now()).slice(-8)}`,
    businessName: 'Doces da Bia',
  });
  await api('POST', '/api/whatsapp-connections', connectBody(signup));
  return signup.data.phone_number_id!;
}

test('an owner trains the AI, sees it kept, restores the first version and previews an answer', async ({
  page,
}) => {
  await signUpAsNewcomer(page, 'treino');
  await page.goto('/settings/ai-training');
  await expect(page.getByRole('heading', { level: 1, name: 'Treinamento da IA' })).toBeVisible();

  const description = page.getByLabel('O que o seu negócio faz');
  const tone = page.getByLabel('Tom de voz');
  const payment = page.getByLabel('Pagamento', { exact: true });
  const words = page.getByRole('list', { name: 'Palavras a evitar' });
  const first = {
    description: 'Doces finos e bolos de festa sob encomenda, em São Paulo.',
    tone: 'Informal e carinhoso, com emojis',
    payment: 'Pix ou cartão em até 3x; sinal de 50% na encomenda.',
    question: 'Vocês entregam no sábado?',
    answer: 'Sim, das 9h às 14h, com taxa conforme o bairro.',
    word: 'barato',
  };

  await test.step('fills the training and saves it', async () => {
    await description.fill(first.description);
    await tone.fill(first.tone);
    await payment.fill(first.payment);
    await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
    await page.getByRole('textbox', { name: 'Pergunta 1' }).fill(first.question);
    await page.getByRole('textbox', { name: 'Resposta 1' }).fill(first.answer);
    await page.getByLabel('Nova palavra a evitar').fill(first.word);
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(words.getByRole('listitem')).toHaveText([new RegExp(first.word)]);
    await page.getByRole('button', { name: 'Salvar treinamento' }).click();
    await expect(toast(page, 'Treinamento salvo (versão 1).')).toBeVisible();
  });

  await test.step('reloads and finds it as saved', async () => {
    await page.reload();
    await expect(description).toHaveValue(first.description);
    await expect(tone).toHaveValue(first.tone);
    await expect(payment).toHaveValue(first.payment);
    await expect(page.getByRole('textbox', { name: 'Pergunta 1' })).toHaveValue(first.question);
    await expect(page.getByRole('textbox', { name: 'Resposta 1' })).toHaveValue(first.answer);
    await expect(words.getByRole('listitem')).toHaveText([new RegExp(first.word)]);
  });

  const second = 'Bolos de festa e doces finos, agora também kits de festa para retirar.';
  await test.step('changes what the business does and saves a second version', async () => {
    await description.fill(second);
    await page.getByRole('button', { name: 'Salvar treinamento' }).click();
    await expect(toast(page, 'Treinamento salvo (versão 2).')).toBeVisible();
    await page.reload();
    await expect(description).toHaveValue(second);
  });

  await test.step('opens the history and restores version 1', async () => {
    await page.getByRole('button', { name: 'Ver versões anteriores' }).click();
    const versions = page.getByRole('region', { name: 'Versões' });
    await expect(versions.getByText('Versão 2', { exact: true })).toBeVisible();
    await versions.getByRole('button', { name: 'Ver Versão 1' }).click();
    const viewing = page.getByRole('region', { name: 'Versão 1' });
    await expect(viewing).toContainText(first.description);
    await expect(viewing).not.toContainText(second);
    await viewing.getByRole('button', { name: 'Restaurar esta versão' }).click();
    await expect(viewing.getByText(/^Restaurar a versão 1\?/)).toBeVisible();
    await viewing.getByRole('button', { name: 'Restaurar', exact: true }).click();
    await expect(toast(page, 'Versão 1 restaurada como versão 3.')).toBeVisible();
    await page.reload();
    await expect(description).toHaveValue(first.description);
    await expect(payment).toHaveValue(first.payment);
  });

  await test.step('asks the preview about payment: an offline answer from the training', async () => {
    const preview = page.getByRole('form', { name: 'Prévia' });
    await preview.getByLabel('Pergunta de exemplo').fill('Quais formas de pagamento vocês aceitam?');
    await preview.getByRole('button', { name: 'Ver como a IA responde' }).click();
    await expect(preview.getByText(ADVISOR_OFFLINE_NOTICE_TEXT)).toBeVisible();
    await expect(preview.locator('.ai-training__answer-text')).toContainText('Pix ou cartão em até 3x');
  });
});

test('an owner asks the advisor from home: a streamed offline answer citing the overdue task, kept per person', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpAsNewcomer(page, 'consultor');
  const api = apiOf(page, baseURL!);
  const customer = await createCustomer(api, 'Conceição Araújo');
  const overdue = await createTask(api, 'Ligar para a Conceição sobre o bolo', inDays(-2), customer.id);
  const question = 'Quais tarefas estão atrasadas?';
  const conversation = page.locator('.advisor-chat__messages');
  const answer = conversation.locator('li[data-from="advisor"]');

  await test.step('asks from home and the answer streams in, offline, citing the task', async () => {
    await page.goto('/home');
    const asked = page.waitForResponse(
      (res) => res.url().endsWith('/api/advisor/conversation/messages') && res.request().method() === 'POST',
    );
    await page.getByLabel('Pergunte ao consultor').fill(question);
    await page.getByRole('button', { name: 'Perguntar' }).click();
    await expect(page).toHaveURL(/\/home\/advisor/);
    // Asked as a stream: the answer is written into the page as server-sent events arrive.
    const response = await asked;
    expect(await response.request().headerValue('accept')).toContain('text/event-stream');
    expect(response.headers()['content-type']).toContain('text/event-stream');

    await expect(conversation.locator('li[data-from="user"]')).toHaveText(question);
    await expect(answer).toHaveCount(1);
    await expect(answer.getByText(ADVISOR_OFFLINE_NOTICE_TEXT)).toBeVisible();
    await expect(answer.locator('.advisor-msg__text')).toContainText(overdue.title);
    await expect(
      answer.getByRole('list', { name: 'Registros usados' }).getByRole('link', { name: overdue.title }),
    ).toBeVisible();
  });

  await test.step('the cited task opens', async () => {
    await answer.getByRole('link', { name: overdue.title }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${overdue.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: overdue.title })).toBeVisible();
  });

  await test.step('a reload keeps the conversation', async () => {
    await page.goto('/home/advisor');
    await page.reload();
    await expect(conversation.locator('li[data-from="user"]')).toHaveText(question);
    await expect(answer).toHaveCount(1);
    await expect(answer.locator('.advisor-msg__text')).toContainText(overdue.title);
  });

  await test.step('another company sees none of it, and its advisor knows nothing of the task', async () => {
    const other = await (await browser.newContext({ baseURL })).newPage();
    await signUpAsNewcomer(other, 'consultor-outra');
    await other.goto('/home/advisor');
    await expect(other.getByRole('heading', { level: 2, name: 'Pergunte ao consultor' })).toBeVisible();
    await other
      .getByRole('list', { name: 'Perguntas de exemplo' })
      .getByRole('button', { name: question })
      .click();
    const theirs = other.locator('.advisor-chat__messages li[data-from="advisor"]');
    await expect(theirs.getByText(ADVISOR_OFFLINE_NOTICE_TEXT)).toBeVisible();
    await expect(other.locator('.advisor-chat__messages li')).toHaveCount(2);
    await expect(other.locator('.advisor-chat__messages')).not.toContainText(overdue.title);
    await expect(other.locator('.advisor-chat__messages')).not.toContainText(customer.name);
    await other.context().close();
  });

  await test.step('a member of the same company has a conversation of their own', async () => {
    const member = await joinAsStaff(page, browser, baseURL!);
    await member.goto('/home/advisor');
    await expect(member.getByRole('heading', { level: 2, name: 'Pergunte ao consultor' })).toBeVisible();
    await expect(member.locator('.advisor-chat__messages')).toHaveCount(0);
    await member.context().close();
    await page.goto('/home/advisor');
    await expect(answer).toHaveCount(1);
  });

  await test.step('"Limpar conversa" asks first, then clears it for good', async () => {
    await page.getByRole('button', { name: 'Limpar conversa' }).click();
    const confirm = page.getByRole('region', { name: 'Limpar conversa' });
    await expect(confirm).toContainText('Apagar toda a conversa com o consultor?');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(answer).toHaveCount(1);
    await page.getByRole('button', { name: 'Limpar conversa' }).click();
    await confirm.getByRole('button', { name: 'Apagar conversa' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Pergunte ao consultor' })).toBeVisible();
    await expect(conversation).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Pergunte ao consultor' })).toBeVisible();
    await expect(conversation).toHaveCount(0);
  });
});

test('"Sugerir mensagem" on a task: the owner edits the draft and schedules it as the follow-up', async ({
  page,
  baseURL,
}) => {
  await signUpAsNewcomer(page, 'sugestao');
  const api = apiOf(page, baseURL!);
  const customer = await createCustomer(api, 'Conceição Araújo');
  const task = await createTask(api, 'Confirmar a encomenda do bolo', inDays(2, 10), customer.id);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mensagem de follow-up' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sugerir mensagem' }).click();
  const sheet = page.getByRole('dialog', { name: `Mensagem para ${customer.name}` });
  const message = sheet.getByLabel('Mensagem', { exact: true });
  await expect(sheet.getByText(ADVISOR_OFFLINE_NOTICE_TEXT)).toBeVisible();
  await expect(message).not.toHaveValue('');
  await expect(message).toHaveValue(/Conceição/);

  const edited = 'Oi, Conceição! Posso confirmar o bolo de sábado? Qualquer coisa me chama aqui.';
  await message.fill(edited);
  await sheet.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(toast(page, 'Mensagem agendada.')).toBeVisible();
  await expect(sheet).toHaveCount(0);

  const followUp = page.getByRole('region', { name: 'Mensagem de follow-up' });
  await expect(followUp).toContainText(edited);
  await page.reload();
  await expect(followUp).toContainText(edited);
  await expect(followUp).toContainText(`${customer.name}, no WhatsApp`);
});

test('with the conversation watcher on, a customer asking for an orçamento becomes a suggestion on home, live; "Aceitar" makes the task', async ({
  page,
  baseURL,
}) => {
  await signUpAsNewcomer(page, 'vigia');
  const api = apiOf(page, baseURL!);
  const customer = await createCustomer(api, 'Conceição Araújo');
  const phoneNumberId = await connectWhatsapp(api, baseURL!);

  // The flag, turned on for this company on the dev page.
  const { company } = await api<{ company: { id: string } }>('GET', '/api/settings/company');
  await page.goto('/dev/ai-watcher');
  const row = page.locator('form', { hasText: company.id });
  await row.getByRole('button', { name: 'Ligar' }).click();
  await expect(row.getByText('Ligado', { exact: true })).toBeVisible();

  await page.goto('/home');
  await expect(page.getByLabel('Pergunte ao consultor')).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Sugestões da conversa' });
  await expect(suggestions).toHaveCount(0);

  // The customer writes on WhatsApp (the local Cloud API delivers the webhook); home is not reloaded.
  const sent = await page.request.post('/dev/whatsapp/api/customer-message', {
    data: {
      phoneNumberId,
      from: customer.phone,
      name: customer.name,
      text: 'Oi! Me faz um orçamento de um bolo para 30 pessoas?',
    },
  });
  expect(sent.ok()).toBe(true);

  const card = suggestions.getByRole('listitem');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card).toContainText('O cliente pediu o orçamento');
  await expect(card).toContainText(customer.name);
  await card.getByRole('button', { name: 'Aceitar' }).click();
  await expect(card.getByText('Sugestão aceita.')).toBeVisible();

  // On the customer's page: asked after 17h, the answer is due tomorrow at 9h, not in today's list.
  await page.goto(`/customers/${customer.id}`);
  await expect(
    page.getByRole('link', { name: new RegExp(`Responder orçamento — ${customer.name}`) }),
  ).toBeVisible();
});

test('"Sugerir mensagem" in a customer\'s conversation: with the 24-hour window open, "Enviar agora" sends the edited draft on WhatsApp', async ({
  page,
  baseURL,
}) => {
  await signUpAsNewcomer(page, 'enviar-sugestao');
  const api = apiOf(page, baseURL!);
  const customer = await createCustomer(api, 'Conceição Araújo');
  const phoneNumberId = await connectWhatsapp(api, baseURL!);

  // The customer writes first: their 24-hour window opens, so a free-form message may go now.
  const question = 'Oi! O bolo de sábado está confirmado?';
  const wrote = await page.request.post('/dev/whatsapp/api/customer-message', {
    data: { phoneNumberId, from: customer.phone, name: customer.name, text: question },
  });
  expect(wrote.ok()).toBe(true);
  await page.goto(`/customers/${customer.id}`);
  const conversation = page.getByRole('region', { name: 'Conversa no WhatsApp' });
  await expect(conversation).toContainText(question, { timeout: 20_000 });

  await conversation.getByRole('button', { name: 'Sugerir mensagem' }).click();
  const sheet = page.getByRole('dialog', { name: `Mensagem para ${customer.name}` });
  const message = sheet.getByLabel('Mensagem', { exact: true });
  await expect(message).not.toHaveValue('');
  const edited = 'Oi, Conceição! Confirmado, sim: entregamos no sábado às 10h.';
  await message.fill(edited);
  await sheet.getByRole('button', { name: 'Enviar agora' }).click();
  await expect(toast(page, 'Mensagem enviada.')).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expect(conversation).toContainText(edited);

  // It reached WhatsApp: the local Cloud API holds it in the customer's chat.
  const chat = await page.request.get(
    `/dev/whatsapp/api/conversation?${new URLSearchParams({ phoneNumberId, customer: customer.phone })}`,
  );
  const { data } = (await chat.json()) as { data: { messages: { direction: string; text: string }[] } };
  expect(data.messages.filter((m) => m.direction === 'to_customer').map((m) => m.text)).toEqual([edited]);
});
