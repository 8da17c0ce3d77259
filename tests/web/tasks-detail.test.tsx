import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { FollowUpMessage, Task } from '../../contracts/tasks';
import { formFollowUp, formTask, joao, MESSAGE } from '../../machines/task-form/task-form.paths';
import { DEFAULT_CHARGE_CREATION_URL } from '../../src/lib/remote-config/remote-config-defaults';
import { ASSISTANT_PHONE } from '../../src/lib/support/support-contacts';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer, notFound, toastTitle } from './support/tasks-api';

const anaTask = formTask({ dueAt: new Date(2030, 0, 15, 10, 0).toISOString() });

async function openDetail(
  url: string,
  {
    task = anaTask,
    followUp = followUpAnswer(formFollowUp()),
    showNubankWidget = false,
  }: { task?: Task; followUp?: ReturnType<typeof ok>; showNubankWidget?: boolean } = {},
) {
  const tasks = fakeTaskRoutes({ detail: ok({ task, showNubankWidget }), followUp });
  const app = openSignedIn(url, { routes: [tasks.routes] });
  await settleQueries();
  return { ...app, tasks };
}

/** A card's rows, term → description. */
function rows(container: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...container.querySelectorAll('dt')].map((dt) => [
      dt.textContent ?? '',
      dt.nextElementSibling?.textContent ?? '',
    ]),
  );
}

function taskCard() {
  return screen.getByRole('article', { name: anaTask.title });
}

function followUpCard() {
  return screen.queryByRole('region', { name: 'Mensagem de follow-up' });
}

describe('task detail (spec §2 /tasks/{taskId}, /home/{taskId})', () => {
  withPagesPreloaded();

  test('the task: title, status, when, recurrence, customer with a link and WhatsApp, description', async () => {
    const { tasks } = await openDetail('/tasks/t-ana');
    expect(tasks.detail.paths).toEqual(['/api/tasks/t-ana']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmar encomenda');
    expect(within(taskCard()).getByText('Pendente')).toBeDefined();
    expect(rows(taskCard())).toEqual({
      Quando: expect.stringMatching(/às 10:00$/),
      Repetição: 'Toda semana',
      Cliente: 'Maria SilvaWhatsApp (11) 98765-4321',
      Responsável: 'Sem responsável',
      Descrição: 'Bolo de cenoura para 20 pessoas.',
    });
    expect(screen.getByRole('link', { name: 'Maria Silva' }).getAttribute('href')).toBe('/customers/c-maria');
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp (11) 98765-4321' });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
  });

  test('who: the assignee, who created and completed it, and its history with when', async () => {
    const ana = { userId: 'u-ana', name: 'Ana' };
    const bruno = { userId: 'u-bruno', name: 'Bruno' };
    const createdAt = new Date(2030, 10, 12, 10, 0).toISOString();
    const completedAt = new Date(2030, 10, 13, 16, 30).toISOString();
    const task = formTask({
      title: anaTask.title,
      status: 'completed',
      completedAt,
      assignee: bruno,
      createdBy: ana,
      completedBy: bruno,
      createdAt,
    });
    const line = (id: string, action: string, actor: typeof ana, at: string) => ({
      id,
      action,
      actor,
      at,
      taskId: task.id,
      dealId: null,
      customerId: null,
      details: { title: task.title },
    });
    const tasks = fakeTaskRoutes({
      detail: ok({
        task,
        showNubankWidget: false,
        activity: [
          line('a-1', 'task.created', ana, createdAt),
          line('a-2', 'task.completed', bruno, completedAt),
        ],
      }),
      followUp: followUpAnswer(formFollowUp()),
    });
    openSignedIn('/tasks/t-ana', { routes: [tasks.routes] });
    await settleQueries();

    expect(rows(taskCard())).toMatchObject({
      Responsável: 'Bruno',
      'Criada por': 'Ana em 12/11 às 10:00',
      'Concluída em': '13/11/2030 às 16:30 por Bruno',
    });
    const history = within(taskCard()).getByRole('list', { name: 'Histórico da tarefa' });
    expect([...history.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Criada por Ana em 12/11 às 10:00',
      'Concluída por Bruno em 13/11 às 16:30',
    ]);
  });

  test('links and the way back stay under /tasks', async () => {
    await openDetail('/tasks/t-ana');
    expect(screen.getByRole('link', { name: 'Voltar para Tarefas' }).getAttribute('href')).toBe('/tasks');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/tasks/t-ana/edit');
    expect(screen.getByRole('link', { name: 'Excluir tarefa' }).getAttribute('href')).toBe(
      '/tasks/t-ana/delete',
    );
    expect(screen.getByRole('link', { name: 'Remover mensagem' }).getAttribute('href')).toBe(
      '/tasks/t-ana/deleteFollowUp',
    );
  });

  test('opened from the home page, links and the way back stay under /home', async () => {
    const app = await openDetail('/home/t-ana');
    expect(screen.getByRole('link', { name: 'Voltar para Início' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/home/t-ana/edit');
    expect(screen.getByRole('link', { name: 'Excluir tarefa' }).getAttribute('href')).toBe(
      '/home/t-ana/delete',
    );
    expect(screen.getByRole('link', { name: 'Remover mensagem' }).getAttribute('href')).toBe(
      '/home/t-ana/deleteFollowUp',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Editar' }));
    await settleQueries();
    expect(app.url()).toBe('/home/t-ana/edit');
  });

  test('the follow-up is loaded apart: its message, when it goes, "Agendada para …"', async () => {
    const { tasks } = await openDetail('/tasks/t-ana');
    expect(tasks.followUp.paths).toEqual(['/api/followup/f-ana']);
    const card = followUpCard()!;
    expect(within(card).getByText(MESSAGE)).toBeDefined();
    expect(rows(card)).toEqual({
      Para: 'Maria Silva, no WhatsApp',
      Envio: '15/01/2030 às 10:00',
      Situação: 'Agendada para 15/01/2030 às 10:00',
    });
    expect(within(card).queryByRole('link', { name: 'Conectar WhatsApp' })).toBeNull();
  });

  test('without a WhatsApp connection the follow-up reads "aguardando conexão", with a way to connect', async () => {
    await openDetail('/tasks/t-ana', {
      followUp: followUpAnswer(formFollowUp({ status: 'waiting_connection', awaitingConnection: true })),
    });
    const card = followUpCard()!;
    expect(rows(card).Situação).toBe('aguardando conexão');
    expect(within(card).getByRole('link', { name: 'Conectar WhatsApp' }).getAttribute('href')).toBe(
      '/settings/whatsapp-business-connection',
    );
  });

  test('a follow-up not yet due is "aguardando conexão" too while nothing can send it', async () => {
    await openDetail('/tasks/t-ana', {
      followUp: followUpAnswer(formFollowUp({ status: 'scheduled', awaitingConnection: true })),
    });
    expect(rows(followUpCard()!).Situação).toBe('aguardando conexão');
  });

  test.each<[Partial<FollowUpMessage>, string]>([
    [
      { status: 'sent', sentAt: new Date(2030, 0, 15, 10, 1).toISOString() },
      'Enviada em 15/01/2030 às 10:01',
    ],
    [{ status: 'failed', lastError: 'Número sem WhatsApp.' }, 'Falhou'],
    [{ status: 'cancelled' }, 'Cancelada'],
    [{ status: 'paused' }, 'Pausada'],
    [{ status: 'sending' }, 'Enviando…'],
    [{ status: 'delivered', sentAs: 'text' }, 'Entregue'],
    [{ status: 'read', sentAs: 'template' }, 'Lida como modelo'],
    [
      { status: 'sent', sentAs: 'template', sentAt: new Date(2030, 0, 15, 10, 1).toISOString() },
      'Enviada em 15/01/2030 às 10:01 como modelo',
    ],
    [{ status: 'expired' }, 'Expirada'],
  ])('follow-up %j reads "%s"', async (overrides, text) => {
    await openDetail('/tasks/t-ana', { followUp: followUpAnswer(formFollowUp(overrides)) });
    expect(rows(followUpCard()!).Situação).toBe(text);
    expect(within(followUpCard()!).queryByRole('link', { name: 'Conectar WhatsApp' })).toBeNull();
  });

  test('a problem: its text, and one button or link per thing to do about it', async () => {
    const problem = {
      code: 'EXPIRED',
      text: 'A mensagem esperou demais pela conexão do WhatsApp e não foi enviada. Envie agora ou reagende.',
      actions: ['send_now', 'reschedule', 'choose_template', 'check_number', 'connect'] as const,
    };
    await openDetail('/tasks/t-ana', {
      followUp: followUpAnswer(
        formFollowUp({ status: 'expired', problem: { ...problem, actions: [...problem.actions] } }),
      ),
    });
    const card = followUpCard()!;
    expect(within(card).getByText(problem.text)).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Enviar agora' })).toBeDefined();
    const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(href('Reagendar')).toBe('/tasks/t-ana/edit');
    expect(href('Escolher modelo')).toBe('/settings/whatsapp-business-connection');
    expect(href('Conferir número')).toBe('/customers/c-maria/edit');
    expect(href('Conectar WhatsApp')).toBe('/settings/whatsapp-business-connection');
  });

  test('"Enviar agora" asks the server to send it, says so, and reads the follow-up again', async () => {
    const expired = formFollowUp({
      status: 'expired',
      problem: { code: 'EXPIRED', text: 'Não foi enviada.', actions: ['send_now'] },
    });
    const { tasks } = await openDetail('/tasks/t-ana', { followUp: followUpAnswer(expired) });
    const sending = formFollowUp({ status: 'sending' });
    tasks.followUp.always(followUpAnswer(sending));
    tasks.sendNow.always(ok({ followUpMessage: sending }));
    await userEvent.click(within(followUpCard()!).getByRole('button', { name: 'Enviar agora' }));
    await settleQueries();
    expect(tasks.sendNow.paths).toEqual(['/api/followup/f-ana/send-now']);
    expect(toastTitle('follow-up-f-ana')).toBe('Mensagem na fila para envio.');
    expect(rows(followUpCard()!).Situação).toBe('Enviando…');
  });

  test('"Retomar follow-ups" on a paused one resumes the customer\'s follow-ups; a refusal says the server\'s words', async () => {
    const paused = formFollowUp({
      status: 'paused',
      problem: { code: 'PAUSED', text: 'Pausados.', actions: ['resume'] },
    });
    const { tasks } = await openDetail('/tasks/t-ana', { followUp: followUpAnswer(paused) });
    tasks.resume.always(failed(500, 'Falha interna.'));
    await userEvent.click(within(followUpCard()!).getByRole('button', { name: 'Retomar follow-ups' }));
    await settleQueries();
    expect(tasks.resume.paths).toEqual(['/api/customers/c-maria/follow-ups/resume']);
    expect(toastTitle('follow-ups-resumed-c-maria')).toBe('Falha interna.');
  });

  test('spec §8: the follow-up fails to load, the task still shows, without it', async () => {
    const { tasks } = await openDetail('/tasks/t-ana', { followUp: failed(500, 'Falha interna.') });
    expect(tasks.followUp.requests).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmar encomenda');
    expect(rows(taskCard()).Repetição).toBe('Toda semana');
    expect(followUpCard()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a task without a follow-up asks for none', async () => {
    const plain = formTask({ referenceEntityName: null, referenceEntityId: null, customer: { ...joao } });
    const { tasks } = await openDetail('/tasks/t-ana', { task: plain });
    expect(tasks.followUp.requests).toHaveLength(0);
    expect(followUpCard()).toBeNull();
    expect(rows(taskCard()).Cliente).toBe('João PereiraSem WhatsApp cadastrado');
  });

  test('spec §5, §8: an answer without a task reads "No task data returned"', async () => {
    const tasks = fakeTaskRoutes({ detail: ok({ showNubankWidget: true }) });
    openSignedIn('/tasks/t-ana', { routes: [tasks.routes] });
    await settleQueries();
    expect(screen.getByRole('alert').textContent).toBe('No task data returned');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
  });

  test("another company's task, or none: the server's text", async () => {
    const tasks = fakeTaskRoutes({ detail: notFound() });
    openSignedIn('/tasks/t-other', { routes: [tasks.routes] });
    await settleQueries();
    expect(screen.getByRole('alert').textContent).toBe('Tarefa não encontrada.');
  });

  test('showNubankWidget: a card to charge the customer through the bank (its charging assistant), and why', async () => {
    await openDetail('/tasks/t-ana', { showNubankWidget: true });
    const card = screen.getByRole('region', { name: 'Cobrar Maria Silva' });
    expect(within(card).getByRole('link', { name: 'Cobrar com Nubank' }).getAttribute('href')).toBe(
      DEFAULT_CHARGE_CREATION_URL,
    );
    const why = within(card).getByRole('link', { name: 'Por que cobrar pelo app do banco?' });
    expect(why.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/${ASSISTANT_PHONE}\\?text=`));
    expect(why.getAttribute('rel')).toBe('noopener noreferrer');
  });

  test('without showNubankWidget, no charge card', async () => {
    await openDetail('/tasks/t-ana', { showNubankWidget: false });
    expect(screen.queryByRole('link', { name: 'Cobrar com Nubank' })).toBeNull();
  });

  test('"Concluir tarefa" completes it; the page shows it done', async () => {
    const { tasks } = await openDetail('/tasks/t-ana');
    const done = {
      ...anaTask,
      status: 'completed' as const,
      completedAt: new Date(2030, 0, 15, 11).toISOString(),
    };
    tasks.complete.always(ok({ task: done, nextTask: null }));
    tasks.detail.always(ok({ task: done, showNubankWidget: false }));

    await userEvent.click(screen.getByRole('button', { name: 'Concluir tarefa' }));
    await settleQueries();

    expect(tasks.complete.paths).toEqual(['/api/tasks/t-ana/complete']);
    expect(toastTitle('task-completion-t-ana')).toBe('Tarefa concluída.');
    expect(within(taskCard()).getByText('Concluída')).toBeDefined();
    expect(rows(taskCard())['Concluída em']).toBe('15/01/2030 às 11:00');
    expect(screen.getByRole('button', { name: 'Reabrir tarefa' })).toBeDefined();
  });

  test('an overdue task says so', async () => {
    await openDetail('/tasks/t-ana', { task: { ...anaTask, overdue: true } });
    expect(within(taskCard()).getByText('Atrasada')).toBeDefined();
  });
});
