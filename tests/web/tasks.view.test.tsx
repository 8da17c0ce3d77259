import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { Task } from '../../contracts/tasks';
import { formTask, joao, maria } from '../../machines/task-form/task-form.paths';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, summary, tasksPage, toastTitle } from './support/tasks-api';

/** Today at hh:mm, local time, as the API sends it. */
function todayAt(hours: number, minutes = 0): string {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
}

function task(id: string, title: string, overrides: Partial<Task> = {}): Task {
  return formTask({
    id,
    title,
    dueAt: todayAt(14),
    recurrence: 'none',
    referenceEntityName: null,
    referenceEntityId: null,
    ...overrides,
  });
}

async function openTasks(url: string, tasks: ReturnType<typeof fakeTaskRoutes>) {
  const app = openSignedIn(url, { routes: [tasks.routes] });
  await settleQueries();
  return app;
}

function tabs() {
  return within(screen.getByRole('navigation', { name: 'Filtros de tarefas' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
}

function rows() {
  return within(screen.getByRole('list', { name: 'Tarefas' })).getAllByRole('listitem');
}

describe('/tasks (spec §2): Tarefas', () => {
  withPagesPreloaded();

  test("today's tasks by default: the filter tabs with their counts, 20 a page", async () => {
    const tasks = fakeTaskRoutes({
      summary: ok(summary({ today: 2, future: 5, overdue: 1, completed: 12 })),
      list: ok(
        tasksPage([
          task('t-1', 'Ligar para a Maria', {
            customer: { ...maria },
            recurrence: 'weekly',
            referenceEntityName: 'follow_up_message',
            referenceEntityId: 'f-1',
          }),
          task('t-2', 'Separar encomenda', { dueAt: todayAt(16, 30), customer: null }),
        ]),
      ),
    });
    await openTasks('/tasks', tasks);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tarefas');
    expect(tabs()).toEqual([
      ['Hoje 2', '/tasks', 'page'],
      ['Futuras 5', '/tasks?filter=future', null],
      ['Atrasadas 1', '/tasks?filter=overdue', null],
      ['Concluídas 12', '/tasks?filter=completed', null],
    ]);
    expect(tasks.list.queries).toEqual([{ filter: 'today', limit: '20' }]);

    const [first, second] = rows();
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/tasks/t-1');
    expect(within(first!).getByText('Ligar para a Maria')).toBeDefined();
    expect(within(first!).getByText('Hoje às 14:00')).toBeDefined();
    expect(within(first!).getByText('Maria Silva')).toBeDefined();
    expect(within(first!).getByRole('img', { name: 'Repete: Toda semana' })).toBeDefined();
    expect(within(first!).getByRole('img', { name: 'Com mensagem de follow-up' })).toBeDefined();
    expect(within(second!).getByText('Hoje às 16:30')).toBeDefined();
    expect(within(second!).queryByRole('img')).toBeNull();
    expect(
      (within(first!).getByRole('checkbox', { name: 'Concluir Ligar para a Maria' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  test('"Atrasadas": the filter goes in the address, the title becomes "Tarefas Atrasadas"', async () => {
    const tasks = fakeTaskRoutes({
      summary: ok(summary({ overdue: 1 })),
      list: (_request, url) =>
        ok(
          tasksPage(
            url.searchParams.get('filter') === 'overdue'
              ? [
                  task('t-late', 'Cobrar o sinal', {
                    overdue: true,
                    dueAt: new Date(2029, 11, 20, 9).toISOString(),
                  }),
                ]
              : [],
          ),
        ),
    });
    const app = await openTasks('/tasks', tasks);
    await userEvent.click(screen.getByRole('link', { name: 'Atrasadas 1' }));
    await settleQueries();

    expect(app.url()).toBe('/tasks?filter=overdue');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tarefas Atrasadas');
    expect(document.title).toContain('Tarefas Atrasadas');
    expect(screen.getByRole('link', { name: 'Atrasadas 1' }).getAttribute('aria-current')).toBe('page');
    expect(tasks.list.queries.at(-1)).toEqual({ filter: 'overdue', limit: '20' });
    expect(within(rows()[0]!).getByText('20/12/2029 às 09:00')).toBeDefined();
  });

  test('an unknown filter in the address reads as today', async () => {
    const tasks = fakeTaskRoutes();
    await openTasks('/tasks?filter=ontem', tasks);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tarefas');
    expect(tasks.list.queries).toEqual([{ filter: 'today', limit: '20' }]);
  });

  test.each([
    ['today', 'Nenhuma tarefa para hoje.'],
    ['future', 'Nenhuma tarefa agendada.'],
    ['overdue', 'Nenhuma tarefa atrasada.'],
    ['completed', 'Nenhuma tarefa concluída ainda.'],
  ])('no %s tasks: "%s"', async (filter, text) => {
    await openTasks(`/tasks?filter=${filter}`, fakeTaskRoutes());
    expect(screen.getByText(text)).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Tarefas' })).toBeNull();
  });

  test('"Carregar mais" asks for the next page with the last cursor, and adds it below', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => task(`t-${i + 1}`, `Tarefa ${i + 1}`));
    const tasks = fakeTaskRoutes({
      list: (_request, url) =>
        url.searchParams.get('cursor') === 'cursor-20'
          ? ok(tasksPage([task('t-21', 'Tarefa 21')]))
          : ok(tasksPage(firstPage, 'cursor-20')),
    });
    await openTasks('/tasks?filter=future', tasks);
    expect(rows()).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settleQueries();

    expect(tasks.list.queries).toEqual([
      { filter: 'future', limit: '20' },
      { filter: 'future', limit: '20', cursor: 'cursor-20' },
    ]);
    expect(rows()).toHaveLength(21);
    expect(within(rows()[20]!).getByText('Tarefa 21')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  test('ticking a task completes it: a toast, then the list and the counts are read again', async () => {
    const pending = task('t-1', 'Ligar para a Maria');
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([pending])),
      complete: ok({ task: { ...pending, status: 'completed' }, nextTask: null }),
    });
    await openTasks('/tasks', tasks);
    expect(tasks.list.requests).toHaveLength(1);
    expect(tasks.summary.requests).toHaveLength(1);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Concluir Ligar para a Maria' }));
    await settleQueries();

    expect(tasks.complete.paths).toEqual(['/api/tasks/t-1/complete']);
    expect(toastTitle('task-completion-t-1')).toBe('Tarefa concluída.');
    expect(tasks.list.requests).toHaveLength(2);
    expect(tasks.summary.requests).toHaveLength(2);
  });

  test('completing a recurring task says when the next one is due', async () => {
    const weekly = task('t-1', 'Regar as plantas da loja', { recurrence: 'weekly' });
    const next = { ...weekly, id: 't-2', dueAt: new Date(2030, 0, 22, 14, 0).toISOString() };
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([weekly])),
      complete: ok({ task: { ...weekly, status: 'completed' }, nextTask: next }),
    });
    await openTasks('/tasks', tasks);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Concluir Regar as plantas da loja' }));
    await settleQueries();
    expect(toastTitle('task-completion-t-1')).toBe('Próxima tarefa criada para 22/01/2030 às 14:00');
  });

  test('unticking a completed task reopens it', async () => {
    const done = task('t-1', 'Enviar orçamento', {
      status: 'completed',
      completedAt: todayAt(10),
      customer: { ...joao },
    });
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([done])),
      reopen: ok({ task: { ...done, status: 'pending', completedAt: null } }),
    });
    await openTasks('/tasks?filter=completed', tasks);
    const box = screen.getByRole('checkbox', { name: 'Concluir Enviar orçamento' }) as HTMLInputElement;
    expect(box.checked).toBe(true);

    await userEvent.click(box);
    await settleQueries();
    expect(tasks.reopen.paths).toEqual(['/api/tasks/t-1/reopen']);
    expect(toastTitle('task-completion-t-1')).toBe('Tarefa reaberta.');
  });

  test("a refused completion shows the server's text and leaves the task as it was", async () => {
    const pending = task('t-1', 'Ligar para a Maria');
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([pending])),
      complete: failed(404, 'Tarefa não encontrada.', 'NOT_FOUND'),
    });
    await openTasks('/tasks', tasks);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Concluir Ligar para a Maria' }));
    await settleQueries();
    expect(toastTitle('task-completion-t-1')).toBe('Tarefa não encontrada.');
    expect(
      (screen.getByRole('checkbox', { name: 'Concluir Ligar para a Maria' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  test('spec §8: a list answer without tasks reads "No tasks data returned", with a retry', async () => {
    const tasks = fakeTaskRoutes({ list: ok({ pageInfo: { hasNextPage: false, endCursor: null } }) });
    await openTasks('/tasks', tasks);
    expect(screen.getByRole('alert').textContent).toBe('No tasks data returned');

    tasks.list.always(ok(tasksPage([task('t-1', 'Ligar para a Maria')])));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(rows()).toHaveLength(1);
  });

  test('spec §8: a summary answer without data reads "No task summary returned"; the list still shows', async () => {
    const tasks = fakeTaskRoutes({
      summary: ok(null),
      list: ok(tasksPage([task('t-1', 'Ligar para a Maria')])),
    });
    await openTasks('/tasks', tasks);
    const nav = screen.getByRole('navigation', { name: 'Filtros de tarefas' });
    expect(within(nav).getByRole('alert').textContent).toBe('No task summary returned');
    expect(tabs().map(([text]) => text)).toEqual(['Hoje', 'Futuras', 'Atrasadas', 'Concluídas']);
    expect(rows()).toHaveLength(1);
  });

  test('"Nova tarefa" opens the form under /tasks', async () => {
    const app = await openTasks('/tasks', fakeTaskRoutes());
    await userEvent.click(screen.getByRole('link', { name: 'Nova tarefa' }));
    await settleQueries();
    expect(app.url()).toBe('/tasks/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nova tarefa');
  });

  test('a task opens its detail', async () => {
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([task('t-1', 'Ligar para a Maria')])),
      detail: ok({ task: task('t-1', 'Ligar para a Maria'), showNubankWidget: false }),
    });
    const app = await openTasks('/tasks', tasks);
    await userEvent.click(screen.getByRole('link', { name: /^Ligar para a Maria/ }));
    await settleQueries();
    expect(app.url()).toBe('/tasks/t-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ligar para a Maria');
  });
});
