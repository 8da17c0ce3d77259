import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { formFollowUp, formTask } from '../../machines/task-form/task-form.paths';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer, toastTitle } from './support/tasks-api';

const anaTask = formTask();

async function open(url: string) {
  const tasks = fakeTaskRoutes({
    detail: ok({ task: anaTask, showNubankWidget: false }),
    followUp: followUpAnswer(formFollowUp()),
  });
  const app = openSignedIn(url, { routes: [tasks.routes] });
  await settleQueries();
  return { ...app, tasks };
}

describe('"Excluir tarefa?" (spec §2 …/{taskId}/delete)', () => {
  withPagesPreloaded();

  test.each([
    ['/tasks', '/tasks'],
    ['/home', '/home'],
  ])('under %s: confirming deletes it, says so and goes back to %s', async (section, backTo) => {
    const app = await open(`${section}/t-ana/delete`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Excluir tarefa?');
    expect(screen.getByText('Confirmar encomenda')).toBeDefined();
    expect(app.tasks.remove.requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir tarefa' }));
    await settleQueries();
    expect(screen.getByRole('button', { name: 'Excluindo...' })).toHaveProperty('disabled', true);

    app.tasks.remove.answer(ok({ deleted: true }));
    await settleQueries();
    expect(app.tasks.remove.requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['DELETE', '/api/tasks/t-ana'],
    ]);
    expect(toastTitle('task-deleted')).toBe('Tarefa excluída.');
    expect(app.url()).toBe(backTo);
    // The deleted task is not asked for again.
    expect(app.tasks.detail.requests).toHaveLength(1);
  });

  test.each([['/tasks'], ['/home']])(
    'under %s: "Cancelar" goes back to the task, nothing deleted',
    async (section) => {
      const app = await open(`${section}/t-ana/delete`);
      await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
      await settleQueries();
      expect(app.url()).toBe(`${section}/t-ana`);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmar encomenda');
      expect(app.tasks.remove.requests).toHaveLength(0);
    },
  );

  test("a refused delete shows the server's text and stays, ready to try again", async () => {
    const app = await open('/tasks/t-ana/delete');
    app.tasks.remove.always(failed(500, 'Não foi possível excluir a tarefa agora.'));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir tarefa' }));
    await settleQueries();
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível excluir a tarefa agora.');
    expect(app.url()).toBe('/tasks/t-ana/delete');
    expect(screen.getByRole('button', { name: 'Excluir tarefa' })).toHaveProperty('disabled', false);
  });
});

describe('"Remover a mensagem de follow-up?" (spec §2 …/{taskId}/deleteFollowUp)', () => {
  withPagesPreloaded();

  test.each([['/tasks'], ['/home']])(
    'under %s: removes only the message and goes back to the task',
    async (section) => {
      const app = await open(`${section}/t-ana/deleteFollowUp`);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Remover a mensagem de follow-up?');
      expect(
        screen.getByText('A mensagem para Maria Silva não será enviada. A tarefa continua.'),
      ).toBeDefined();

      const withoutMessage = { ...anaTask, referenceEntityName: null, referenceEntityId: null };
      app.tasks.removeFollowUp.always(ok({ task: withoutMessage }));
      app.tasks.detail.always(ok({ task: withoutMessage, showNubankWidget: false }));
      await userEvent.click(screen.getByRole('button', { name: 'Remover mensagem' }));
      await settleQueries();

      expect(app.tasks.removeFollowUp.requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
        ['DELETE', '/api/tasks/t-ana/follow-up'],
      ]);
      expect(app.tasks.remove.requests).toHaveLength(0);
      expect(toastTitle('follow-up-deleted')).toBe('Mensagem de follow-up removida.');
      expect(app.url()).toBe(`${section}/t-ana`);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmar encomenda');
      expect(screen.queryByRole('region', { name: 'Mensagem de follow-up' })).toBeNull();
    },
  );

  test('"Cancelar" goes back to the task, the message stays', async () => {
    const app = await open('/home/t-ana/deleteFollowUp');
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    await settleQueries();
    expect(app.url()).toBe('/home/t-ana');
    expect(screen.getByRole('region', { name: 'Mensagem de follow-up' })).toBeDefined();
    expect(app.tasks.removeFollowUp.requests).toHaveLength(0);
  });

  test('the detail\'s "Remover mensagem" leads here', async () => {
    const app = await open('/tasks/t-ana');
    await userEvent.click(screen.getByRole('link', { name: 'Remover mensagem' }));
    await settleQueries();
    expect(app.url()).toBe('/tasks/t-ana/deleteFollowUp');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Remover a mensagem de follow-up?');
  });
});
