import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DATE_OUT_OF_RANGE_TEXT } from '../../contracts/date-range';
import {
  FORM_NOW,
  formFollowUp,
  formTask,
  joao,
  MESSAGE,
  maria,
  savedTask,
} from '../../machines/task-form/task-form.paths';
import { type AnalyticsEvent, onTrack } from '../../src/lib/analytics/track-event';
import { customer, customersPage } from './support/customer-fixtures';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer, toastTitle } from './support/tasks-api';
import { withToastsDismissed } from './support/toasts-dismissed';

const SWITCH = 'Enviar mensagem de follow-up no WhatsApp';
const everyone = [
  customer({ ...maria }),
  customer({ ...joao }),
  customer({ id: 'c-bia', name: 'Beatriz Lima', phone: null }),
];

function routes() {
  return fakeTaskRoutes({
    customers: (_request, url) => {
      const search = url.searchParams.get('search')?.toLowerCase();
      return ok(
        customersPage(search ? everyone.filter((c) => c.name.toLowerCase().includes(search)) : everyone),
      );
    },
    create: ok({ task: savedTask }, 201),
  });
}

async function open(url: string, tasks = routes()) {
  const app = openSignedIn(url, { routes: [tasks.routes] });
  await settleQueries();
  return { ...app, tasks };
}

/** The picker's options, as they read. */
function options(): string[] {
  return within(screen.getByRole('listbox', { name: 'Clientes' }))
    .queryAllByRole('option')
    .map((option) => option.textContent ?? '');
}

function picker() {
  return screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
}

describe('"Nova tarefa" (spec §2 /tasks/new, /home/new)', () => {
  withPagesPreloaded();
  withToastsDismissed();
  let events: AnalyticsEvent[] = [];
  let stopTracking = () => {};

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FORM_NOW);
    events = [];
    stopTracking = onTrack((event) => {
      events.push(event);
    });
  });
  afterEach(() => stopTracking());

  test('a blank form due at the next full hour today; no follow-up without a customer with WhatsApp', async () => {
    await open('/tasks/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nova tarefa');
    expect(screen.getByLabelText('Título')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Data')).toHaveProperty('value', '2030-01-15');
    expect(screen.getByLabelText('Horário')).toHaveProperty('value', '10:00');
    expect(picker().value).toBe('');
    expect((screen.getByLabelText('Repetir') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Não se repete',
    );
    const toggle = screen.getByRole('switch', { name: SWITCH });
    expect(toggle).toHaveProperty('disabled', true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Escolha um cliente com WhatsApp para enviar uma mensagem.')).toBeDefined();
    expect(screen.queryByLabelText('Mensagem')).toBeNull();
  });

  test('a recurring task with a follow-up: searched customer picked by keyboard, the body, the event, back to /tasks', async () => {
    const app = await open('/tasks/new');
    await userEvent.type(screen.getByLabelText('Título'), 'Confirmar encomenda');
    await userEvent.type(screen.getByLabelText('Descrição (opcional)'), 'Bolo de cenoura');

    await userEvent.type(picker(), 'm');
    await settleQueries();
    // One character lists everyone: no search yet.
    expect(app.tasks.customers.queries).toEqual([{ limit: '100' }]);
    await userEvent.type(picker(), 'a');
    await waitFor(() => expect(app.tasks.customers.queries.at(-1)).toEqual({ limit: '100', search: 'ma' }));
    await settleQueries();
    expect(options()).toEqual(['Maria Silva(11) 98765-4321', 'Beatriz Limasem WhatsApp']);
    await userEvent.keyboard('{Enter}');
    expect(picker().value).toBe('Maria Silva');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Repetir'), 'Toda semana');
    expect(
      screen.getByText('A mensagem vai para (11) 98765-4321 na data e no horário da tarefa.'),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('switch', { name: SWITCH }));
    await userEvent.click(screen.getByLabelText('Mensagem'));
    await userEvent.paste(MESSAGE);
    expect(screen.getByText(`${MESSAGE.length}/4.096 caracteres`)).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    await settleQueries();

    expect(await app.tasks.create.requests[0]!.clone().json()).toEqual({
      title: 'Confirmar encomenda',
      description: 'Bolo de cenoura',
      dueAt: new Date(2030, 0, 15, 10, 0).toISOString(),
      customerId: 'c-maria',
      recurrence: 'weekly',
      followUpMessage: MESSAGE,
    });
    expect(events.map((event) => event.name)).toContain('task created');
    expect(toastTitle('task-saved')).toBe('Tarefa criada.');
    expect(app.url()).toBe('/tasks');
  }, 15_000);

  test('the picker: arrows move, Escape closes without changing, "Sem cliente" clears', async () => {
    await open('/tasks/new');
    await userEvent.click(picker());
    await settleQueries();
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual([
      'Sem cliente',
      'Maria Silva(11) 98765-4321',
      'João Pereirasem WhatsApp',
      'Beatriz Limasem WhatsApp',
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = picker().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('João Pereirasem WhatsApp');
    await userEvent.keyboard('{Enter}');
    expect(picker().value).toBe('João Pereira');
    expect(screen.getByText('João Pereira não tem um número de WhatsApp cadastrado.')).toBeDefined();
    expect(screen.getByRole('switch', { name: SWITCH })).toHaveProperty('disabled', true);

    await userEvent.click(picker());
    await settleQueries();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker().value).toBe('João Pereira');

    await userEvent.click(picker());
    await settleQueries();
    await userEvent.click(screen.getByRole('option', { name: 'Sem cliente' }));
    expect(picker().value).toBe('');
  });

  test('a search that finds nobody says so', async () => {
    await open('/tasks/new');
    await userEvent.type(picker(), 'zé');
    await waitFor(() => expect(screen.getByText('Nenhum cliente encontrado.')).toBeDefined());
    expect(options()).toEqual([]);
  });

  test('Enter in the picker picks; it does not submit the form', async () => {
    const app = await open('/tasks/new');
    await userEvent.type(screen.getByLabelText('Título'), 'Ligar');
    await userEvent.click(picker());
    await settleQueries();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await settleQueries();
    expect(picker().value).toBe('Maria Silva');
    expect(app.tasks.create.requests).toHaveLength(0);
  });

  test('stopped submit: every problem beside its field, the focus on the first', async () => {
    const app = await open('/tasks/new');
    await userEvent.clear(screen.getByLabelText('Horário'));
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    expect(screen.getByText('Informe o título da tarefa.')).toBeDefined();
    expect(screen.getByText('Informe a data e o horário.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Título'));
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBe('true');
    expect(app.tasks.create.requests).toHaveLength(0);
  });

  test("a 400's issues sit beside their fields", async () => {
    const tasks = routes();
    tasks.create.always(
      failed(400, 'Confira os campos destacados.', 'VALIDATION_ERROR', [
        { path: 'title', message: 'Use no máximo 140 caracteres.' },
      ]),
    );
    await open('/tasks/new', tasks);
    await userEvent.type(screen.getByLabelText('Título'), 'Ligar');
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    await settleQueries();
    const title = screen.getByLabelText('Título');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Use no máximo 140 caracteres.',
    );
    expect(screen.getByRole('alert').textContent).toBe('Confira os campos destacados.');
    expect(events.map((event) => event.name)).not.toContain('task created');
  });

  test('a due date the server refuses (outside 01/01/1900–31/12/2099) shows its text beside the date', async () => {
    const tasks = routes();
    tasks.create.always(
      failed(400, 'Dados inválidos. Confira os campos informados.', 'VALIDATION_ERROR', [
        { path: 'dueAt', message: DATE_OUT_OF_RANGE_TEXT },
      ]),
    );
    await open('/tasks/new', tasks);
    await userEvent.type(screen.getByLabelText('Título'), 'Ligar');
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '2100-01-15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    await settleQueries();
    const sent = (await tasks.create.requests[0]!.clone().json()) as { dueAt: string };
    expect(new Date(sent.dueAt).getFullYear()).toBe(2100);
    const date = screen.getByLabelText('Data');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe(
      DATE_OUT_OF_RANGE_TEXT,
    );
  });

  test('from the home page: /home/new goes back to /home once saved', async () => {
    const app = await open('/home/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nova tarefa');
    await userEvent.type(screen.getByLabelText('Título'), 'Ligar');
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    await settleQueries();
    expect(app.tasks.create.requests).toHaveLength(1);
    expect(app.url()).toBe('/home');
    expect(toastTitle('task-saved')).toBe('Tarefa criada.');
  });

  test.each([
    ['/tasks/new', '/tasks'],
    ['/home/new', '/home'],
  ])('"Cancelar" on %s goes back to %s', async (url, backTo) => {
    const app = await open(url);
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    await settleQueries();
    expect(app.url()).toBe(backTo);
  });
});

describe('editing a task (spec §2 …/{taskId}/edit)', () => {
  withPagesPreloaded();
  withToastsDismissed();

  test('the form holds the task as saved, its follow-up message included', async () => {
    const tasks = routes();
    tasks.detail.always(ok({ task: formTask(), showNubankWidget: false }));
    tasks.followUp.always(followUpAnswer(formFollowUp()));
    await open('/tasks/t-ana/edit', tasks);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editar tarefa');
    expect(screen.getByLabelText('Título')).toHaveProperty('value', 'Confirmar encomenda');
    expect(picker().value).toBe('Maria Silva');
    expect(screen.getByRole('switch', { name: SWITCH })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Mensagem')).toHaveProperty('value', MESSAGE);
    expect((screen.getByLabelText('Repetir') as HTMLSelectElement).value).toBe('weekly');
  });

  test('the follow-up cannot be loaded: no form (saving would lose the message), a retry', async () => {
    const tasks = routes();
    tasks.detail.always(ok({ task: formTask(), showNubankWidget: false }));
    tasks.followUp.always(failed(500, 'Falha interna.'));
    await open('/home/t-ana/edit', tasks);
    expect(screen.getByRole('alert').textContent).toBe('Falha interna.');
    expect(screen.queryByLabelText('Título')).toBeNull();

    tasks.followUp.always(followUpAnswer(formFollowUp()));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(screen.getByLabelText('Mensagem')).toHaveProperty('value', MESSAGE);
  });

  test('spec §8: no task in the answer reads "No task data returned"', async () => {
    const tasks = routes();
    tasks.detail.always(ok({}));
    await open('/tasks/t-ana/edit', tasks);
    expect(screen.getByRole('alert').textContent).toBe('No task data returned');
  });

  test.each([['/tasks'], ['/home']])('"Cancelar" under %s goes back to the task', async (section) => {
    const tasks = routes();
    tasks.detail.always(ok({ task: formTask(), showNubankWidget: false }));
    tasks.followUp.always(followUpAnswer(formFollowUp()));
    const app = await open(`${section}/t-ana/edit`, tasks);
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Cancelar' }));
    await settleQueries();
    expect(app.url()).toBe(`${section}/t-ana`);
    expect(tasks.update.requests).toHaveLength(0);
  });
});
