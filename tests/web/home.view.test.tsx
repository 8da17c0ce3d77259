import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { greetingFor } from '../../src/features/home/greeting';
import { SUPPORT_GREETING, SUPPORT_PHONE } from '../../src/lib/support/support-contacts';
import { nextTaskText } from '../../src/lib/tasks/useTaskCompletion';
import { failed, ok, settleQueries } from './support/fake-api';
import {
  dashboardData,
  emptyDashboard,
  homeTask,
  onDay,
  openHome,
  overdueTask,
  whatsappState,
  withHomePagesPreloaded,
} from './support/home-api';

const wa = '/settings/whatsapp-business-connection';

function link(name: string | RegExp) {
  return screen.getByRole('link', { name });
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

function toastTitle(id: string): string | null {
  return document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;
}

describe('/home (spec §2): Início', () => {
  withHomePagesPreloaded();
  beforeAll(async () => {
    // The charts' chunk, as a browser would have it cached on a second visit.
    await import('../../src/features/home/charts/dashboard-charts');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the day at a glance: greeting, numbers that lead to their lists, today’s and overdue tasks', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 0, 15, 14, 30) });
    const app = await openHome();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
    expect(screen.getByText('Boa tarde, Ana!')).toBeDefined();
    expect(screen.getByText('Doces da Ana')).toBeDefined();

    const summary = screen.getByRole('list', { name: 'Resumo do dia' });
    const tiles = within(summary)
      .getAllByRole('link')
      .map((tile) => [tile.textContent, tile.getAttribute('href')]);
    expect(tiles).toEqual([
      ['2 tarefas para hoje', '/tasks?filter=today'],
      ['1 tarefa atrasada', '/tasks?filter=overdue'],
      ['R$\u00a01.500,00 2 vendas ganhas este mês', '/sales'],
      ['42 clientes', '/customers'],
    ]);

    const tasks = section('Suas tarefas');
    const today = within(tasks).getByRole('region', { name: 'Hoje' });
    const late = within(tasks).getByRole('region', { name: 'Atrasadas' });
    const todayLink = within(today).getByRole('link', { name: /Entregar o bolo da Maria/ });
    expect(todayLink.getAttribute('href')).toBe(`/home/${homeTask().id}`);
    expect(todayLink.textContent).toBe('Entregar o bolo da Maria15:00 · Maria Souza');
    const lateLink = within(late).getByRole('link', { name: /Cobrar o sinal do João/ });
    expect(lateLink.getAttribute('href')).toBe(`/home/${overdueTask().id}`);
    expect(lateLink.textContent).toBe('Cobrar o sinal do João14/01 · 09:00');
    expect(within(today).getByRole('link', { name: 'Ver todas (2)' }).getAttribute('href')).toBe(
      '/tasks?filter=today',
    );
    expect(within(late).getByRole('link', { name: '1 atrasada' }).getAttribute('href')).toBe(
      '/tasks?filter=overdue',
    );

    expect(within(section('Funil de vendas')).getByText('R$ 1.950,00 em 6 negócios abertos')).toBeDefined();
    expect(within(section('Vendas ganhas')).getByText('Este mês: 2 vendas · R$ 1.500,00')).toBeDefined();
    expect(app.home.dashboard.requests).toHaveLength(1);
    expect(app.home.whatsapp.requests).toHaveLength(1);
  });

  test('more tasks than the dashboard lists: "Ver todas (n)" leads to the filtered list', async () => {
    const app = await openHome({
      dashboard: ok(dashboardData({ taskSummary: { today: 9, future: 0, completed: 0, overdue: 1 } })),
    });
    const all = within(section('Suas tarefas')).getByRole('link', { name: 'Ver todas (9)' });
    await userEvent.click(all);
    await settleQueries();
    expect(app.url()).toBe('/tasks?filter=today');
  });

  test.each([
    [new Date(2030, 0, 15, 5, 0), 'Bom dia, Ana!'],
    [new Date(2030, 0, 15, 11, 59), 'Bom dia, Ana!'],
    [new Date(2030, 0, 15, 12, 0), 'Boa tarde, Ana!'],
    [new Date(2030, 0, 15, 18, 0), 'Boa noite, Ana!'],
    [new Date(2030, 0, 15, 4, 59), 'Boa noite, Ana!'],
  ])('at %s the greeting is "%s"', async (now, greeting) => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    await openHome();
    expect(screen.getByText(greeting)).toBeDefined();
  });

  test('without a first name the greeting stands alone', () => {
    expect(greetingFor(9, null)).toBe('Bom dia!');
    expect(greetingFor(15, '  ')).toBe('Boa tarde!');
  });

  test('a company that has just started: first steps, no tasks, no deals, zeros', async () => {
    await openHome({ dashboard: ok(emptyDashboard()) });

    const start = section('Comece por aqui');
    expect(
      within(start)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Cadastre seu primeiro cliente', '/customers/new'],
      ['Conecte o WhatsApp Business', wa],
      ['Registre um negócio no funil', '/sales/new'],
    ]);
    const tasks = section('Suas tarefas');
    expect(within(tasks).queryByRole('region', { name: 'Atrasadas' })).toBeNull();
    expect(within(tasks).getByText('Nenhuma tarefa para hoje. Use o botão + para criar uma.')).toBeDefined();
    const pipeline = section('Funil de vendas');
    expect(within(pipeline).getByRole('link', { name: 'Criar negócio' }).getAttribute('href')).toBe(
      '/sales/new',
    );
    expect(within(pipeline).queryByRole('img')).toBeNull();
    expect(link('0 clientes')).toBeDefined();
    expect(link('R$\u00a00,00 nenhuma venda ganha este mês')).toBeDefined();
  });

  test('"Comece por aqui" stays while the WhatsApp step is not done, with the done steps ticked off', async () => {
    await openHome({ whatsapp: ok(whatsappState({ status: 'disconnected' })) });

    const start = section('Comece por aqui');
    expect(
      within(start)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Conecte o WhatsApp Business']);
    // The done ones stay in the list as plain text, ticked off (their marker is a check).
    expect(
      within(start)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.className]),
    ).toEqual([
      ['Cadastre seu primeiro cliente', 'home-start__step--done'],
      ['Conecte o WhatsApp Business', ''],
      ['Registre um negócio no funil', 'home-start__step--done'],
    ]);
  });

  test('"Comece por aqui" stays while the connection cannot be read', async () => {
    await openHome({ whatsapp: failed(500, 'Falha interna.') });
    expect(section('Comece por aqui')).toBeDefined();
  });

  test('"Comece por aqui" leaves once every step is done', async () => {
    const connected = whatsappState({ status: 'connected', phoneNumber: '5511987654321' });
    await openHome({ whatsapp: ok(connected) });
    expect(screen.queryByRole('region', { name: 'Comece por aqui' })).toBeNull();
    expect(section('WhatsApp')).toBeDefined();
  });

  test('while the dashboard loads: placeholders in its shape, the heading already there', async () => {
    const app = await openHome({ dashboard: undefined });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Carregando o início...');
    expect(document.querySelectorAll('.skeleton').length).toBeGreaterThan(4);
    expect(document.querySelector('.route-loading__spinner')).toBeNull();

    app.home.dashboard.answer(ok(dashboardData()));
    await settleQueries();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/, Ana!$/)).toBeDefined();
  });

  test('an answer without its data: "No dashboard data returned", and "Tentar novamente" loads it', async () => {
    const app = await openHome({ dashboard: ok(null) });
    expect(screen.getByRole('alert').textContent).toBe('No dashboard data returned');
    // The rest of the page does not depend on it.
    expect(section('WhatsApp')).toBeDefined();
    expect(link(/^Falar com o suporte/)).toBeDefined();

    app.home.dashboard.always(ok(dashboardData()));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(section('Suas tarefas')).toBeDefined();
    expect(app.home.dashboard.requests).toHaveLength(2);
  });

  test('a failed dashboard says the server’s words, with the greeting still there', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 0, 15, 9, 0) });
    await openHome({ dashboard: failed(500, 'Falha interna. Tente de novo em instantes.') });
    expect(screen.getByText('Bom dia!')).toBeDefined();
    expect(within(section('Não foi possível carregar o início')).getByRole('alert').textContent).toBe(
      'Falha interna. Tente de novo em instantes.',
    );
  });

  test.each([
    ['disconnected', whatsappState(), 'WhatsApp desconectado', 'Conectar WhatsApp', wa],
    ['connecting', whatsappState({ status: 'connecting' }), 'Conexão em andamento', 'Ver conexão', wa],
    [
      'error',
      whatsappState({ status: 'error', phoneNumber: '5511987654321' }),
      'Erro na conexão do WhatsApp',
      'Ver o que fazer',
      `${wa}/connect-business/error`,
    ],
    [
      'not_ready',
      whatsappState({ status: 'not_ready', phoneNumber: '5511987654321' }),
      'Erro na conexão do WhatsApp',
      'Ver o que fazer',
      `${wa}/connect-business/not-ready`,
    ],
    [
      'offboarded',
      whatsappState({ status: 'offboarded', phoneNumber: '5511987654321' }),
      'Reconecte o seu WhatsApp',
      'Reconectar WhatsApp',
      `${wa}/how-to-reconnect`,
    ],
    [
      'needs_reconnect',
      whatsappState({ status: 'needs_reconnect', phoneNumber: '5511987654321' }),
      'Reconecte o seu WhatsApp',
      'Reconectar WhatsApp',
      `${wa}/how-to-reconnect`,
    ],
    [
      'connected',
      whatsappState({
        status: 'connected',
        phoneNumber: '5511987654321',
        displayName: 'Doces da Ana',
        connectedAt: onDay(-2, 10),
      }),
      'WhatsApp conectado',
      'Gerenciar conexão',
      wa,
    ],
  ] as const)('WhatsApp %s: "%s" and "%s"', async (_status, state, title, action, href) => {
    await openHome({ whatsapp: ok(state) });
    const card = section('WhatsApp');
    expect(within(card).getByText(title)).toBeDefined();
    expect(within(card).getByRole('link', { name: action }).getAttribute('href')).toBe(href);
    if (state.status === 'connected')
      expect(within(card).getByText('Doces da Ana · (11) 98765-4321')).toBeDefined();
  });

  test('the WhatsApp status cannot be read: said in its card, with a retry; the dashboard stays', async () => {
    const app = await openHome({ whatsapp: failed(500, 'Falha interna.') });
    const card = section('WhatsApp');
    expect(within(card).getByRole('alert').textContent).toBe('Não foi possível ver a conexão do WhatsApp.');
    expect(section('Suas tarefas')).toBeDefined();

    app.home.whatsapp.always(ok(whatsappState()));
    await userEvent.click(within(card).getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(within(section('WhatsApp')).getByRole('link', { name: 'Conectar WhatsApp' })).toBeDefined();
  });

  test('a task is completed from the home page: POST …/complete, a toast, tasks and dashboard read again', async () => {
    const app = await openHome({ complete: undefined });
    const query = app.queryClient;
    query.setQueryData(['tasks', 'list', 'today'], { tasks: [] });
    const button = screen.getByRole('button', { name: 'Concluir "Entregar o bolo da Maria"' });

    await userEvent.click(button);
    await settleQueries();
    expect(app.home.complete.requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/api/tasks/${homeTask().id}/complete`,
    ]);
    expect((button as HTMLButtonElement).disabled).toBe(true);

    const done = { ...homeTask(), status: 'completed', completedAt: new Date().toISOString() };
    app.home.dashboard.always(
      ok(dashboardData({ todayTasks: [], taskSummary: { today: 1, future: 4, completed: 10, overdue: 1 } })),
    );
    app.home.complete.answer(ok({ task: done, nextTask: null }));
    await settleQueries();

    expect(toastTitle(`task-completion-${homeTask().id}`)).toBe('Tarefa concluída.');
    expect(query.getQueryState(['tasks', 'list', 'today'])?.isInvalidated).toBe(true);
    expect(app.home.dashboard.requests).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Entregar o bolo da Maria/ })).toBeNull();
    expect(link('1 tarefa para hoje')).toBeDefined();
  });

  test('a recurring task completed from home: the toast says when the next one is', async () => {
    const app = await openHome({ complete: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Concluir "Entregar o bolo da Maria"' }));
    const next = homeTask({ id: '3f2b1c0d-1111-4aaa-8bbb-000000000009', dueAt: '2030-01-22T18:00:00.000Z' });
    app.home.complete.answer(ok({ task: homeTask({ status: 'completed' }), nextTask: next }));
    await settleQueries();
    expect(toastTitle(`task-completion-${homeTask().id}`)).toBe(nextTaskText(next));
    expect(nextTaskText(next)).toMatch(/^Próxima tarefa criada para 22\/01\/2030 às \d\d:\d\d$/);
  });

  test('completing fails: an error toast with the server’s words, the home page read again, and the task can be tried again', async () => {
    const app = await openHome({ complete: undefined });
    const button = screen.getByRole('button', { name: 'Concluir "Entregar o bolo da Maria"' });
    await userEvent.click(button);
    app.home.complete.answer(failed(404, 'Tarefa não encontrada.', 'NOT_FOUND'));
    await settleQueries();
    const shown = document.querySelector(`[data-testid="toast-task-completion-${homeTask().id}"]`);
    expect(shown?.getAttribute('data-type')).toBe('error');
    expect(shown?.textContent).toContain('Tarefa não encontrada.');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    // Refused because it is gone, maybe: what the page shows is read again.
    expect(app.home.dashboard.requests).toHaveLength(2);
  });

  test('"Falar com o suporte" opens a WhatsApp chat with support in a new tab', async () => {
    await openHome();
    const support = link(/^Falar com o suporte/);
    expect(support.getAttribute('href')).toBe(
      `https://wa.me/${SUPPORT_PHONE}?text=${encodeURIComponent(SUPPORT_GREETING)}`,
    );
    expect(support.getAttribute('target')).toBe('_blank');
    expect(support.getAttribute('rel')?.split(' ')).toContain('noopener');
  });
});
