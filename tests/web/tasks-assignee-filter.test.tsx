import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { formTask } from '../../machines/task-form/task-form.paths';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, summary, tasksPage } from './support/tasks-api';
import { teamRoutes } from './support/team-api';

function assigneeTabs() {
  return within(screen.getByRole('navigation', { name: 'De quem' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
}

describe('/tasks: "Minhas" / "De todos"', () => {
  withPagesPreloaded();

  test('with a team, the address says whose tasks; the list, the counts and the other tabs follow it', async () => {
    const tasks = fakeTaskRoutes({
      list: ok(tasksPage([formTask({ id: 't-1', title: 'Minha tarefa' })])),
      summary: ok(summary({ today: 1 })),
    });
    openSignedIn('/tasks?filter=future&assignee=me', {
      routes: [tasks.routes, teamRoutes(['Ana', 'Bruno'])],
    });
    await settleQueries();

    expect(assigneeTabs()).toEqual([
      ['Minhas', '/tasks?filter=future&assignee=me', 'page'],
      ['De todos', '/tasks?filter=future', null],
    ]);
    const listUrl = new URL(tasks.list.requests[0]!.url);
    expect(Object.fromEntries(listUrl.searchParams)).toMatchObject({ filter: 'future', assignee: 'me' });
    expect(new URL(tasks.summary.requests[0]!.url).searchParams.get('assignee')).toBe('me');
    const today = within(screen.getByRole('navigation', { name: 'Filtros de tarefas' })).getByRole('link', {
      name: /Hoje/,
    });
    expect(today.getAttribute('href')).toBe('/tasks?assignee=me');

    await userEvent.click(screen.getByRole('link', { name: 'De todos' }));
    await settleQueries();
    expect(new URL(tasks.list.requests.at(-1)!.url).searchParams.get('assignee')).toBeNull();
  });

  test('alone in the company, no such choice is offered', async () => {
    const tasks = fakeTaskRoutes();
    openSignedIn('/tasks', { routes: [tasks.routes, teamRoutes(['Ana'])] });
    await settleQueries();
    expect(screen.queryByRole('navigation', { name: 'De quem' })).toBeNull();
  });
});
