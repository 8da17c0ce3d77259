import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createdTask, NOW } from '../../machines/quick-task/quick-task.paths';
import { type AnalyticsEvent, onTrack } from '../../src/lib/analytics/track-event';
import { customersPage } from './support/customer-fixtures';
import { failed, ok, settleQueries } from './support/fake-api';
import { openHome, pickerCustomer, withHomePagesPreloaded } from './support/home-api';

function sheet() {
  return screen.getByRole('dialog', { name: 'Nova tarefa' });
}

function titleField() {
  return within(sheet()).getByLabelText('Título') as HTMLInputElement;
}

function customerField() {
  return within(sheet()).getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
}

async function openSheet() {
  await userEvent.click(screen.getByRole('button', { name: 'Adicionar tarefa' }));
  await settleQueries();
}

describe('the quick-add task sheet on /home', () => {
  withHomePagesPreloaded(['/home', '/home/new']);
  beforeAll(async () => {
    // The sheet's chunk, as the "+" fetches it on the first pointer or focus.
    await import('../../src/features/home/quick-task/QuickTaskHost');
  });
  let events: AnalyticsEvent[] = [];
  let stopTracking: () => void = () => {};
  beforeEach(() => {
    events = [];
    stopTracking = onTrack((event) => {
      events.push(event);
    });
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    stopTracking();
    vi.useRealTimers();
  });

  test('each opening tells analytics "create-task bottom sheet opened" (the pixel event)', async () => {
    await openHome();
    expect(events.map((e) => e.name)).toEqual([]);
    await openSheet();
    expect(sheet()).toBeDefined();
    expect(events.map((e) => e.name)).toEqual(['create-task bottom sheet opened']);
    await userEvent.keyboard('{Escape}');
    await openSheet();
    expect(events.map((e) => e.name)).toEqual([
      'create-task bottom sheet opened',
      'create-task bottom sheet opened',
    ]);
  });

  test('saved: "task created" to analytics, a toast, the sheet closed, home and task lists read again', async () => {
    const app = await openHome({ create: undefined });
    app.queryClient.setQueryData(['tasks', 'list', 'today'], { tasks: [] });
    await openSheet();
    await userEvent.type(titleField(), 'Ligar para a Maria');
    await userEvent.click(within(sheet()).getByRole('radio', { name: 'Amanhã' }));
    await userEvent.click(within(sheet()).getByRole('button', { name: 'Salvar' }));
    await settleQueries();

    expect(await app.home.create.requests[0]!.clone().json()).toEqual({
      title: 'Ligar para a Maria',
      dueAt: new Date(2030, 0, 16, 14, 0).toISOString(),
      customerId: null,
      recurrence: 'none',
    });
    const task = createdTask({ dueAt: new Date(2030, 0, 16, 14, 0).toISOString() });
    app.home.create.answer({ status: 201, body: { success: true, data: { task } } });
    await settleQueries();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events.map((e) => [e.name, e.properties])).toEqual([
      ['create-task bottom sheet opened', {}],
      ['task created', { source: 'quick-add', withCustomer: false }],
    ]);
    const shown = document.querySelector(`[data-testid="toast-task-created-${task.id}"]`);
    expect(shown?.getAttribute('data-type')).toBe('success');
    expect(shown?.querySelector('[data-title]')?.textContent).toBe('Tarefa criada.');
    expect(app.home.dashboard.requests).toHaveLength(2);
    expect(app.queryClient.getQueryState(['tasks', 'list', 'today'])?.isInvalidated).toBe(true);
    // Back to the "+", ready for the next one, which starts from scratch.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adicionar tarefa' }));
    await openSheet();
    expect(titleField().value).toBe('');
  });

  test('a 400 names its fields: the title’s and the time’s messages beside them', async () => {
    const app = await openHome({ create: undefined });
    await openSheet();
    await userEvent.type(titleField(), 'Ligar para a Maria');
    await userEvent.click(within(sheet()).getByRole('button', { name: 'Salvar' }));
    app.home.create.answer({
      status: 400,
      body: {
        success: false,
        error: 'Confira os campos.',
        code: 'VALIDATION_ERROR',
        issues: [
          { path: 'title', message: 'Use no máximo 140 caracteres.' },
          { path: 'dueAt', message: 'Informe a data e o horário.' },
        ],
      },
    });
    await settleQueries();
    const alerts = within(sheet())
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual(['Use no máximo 140 caracteres.', 'Informe a data e o horário.']);
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    expect(within(sheet()).getByLabelText('Horário').getAttribute('aria-invalid')).toBe('true');
    expect(events.map((e) => e.name)).not.toContain('task created');
  });

  test('focus: into the title on opening, round inside the sheet with Tab, back to "+" on Esc', async () => {
    await openHome();
    const add = screen.getByRole('button', { name: 'Adicionar tarefa' });
    await userEvent.click(add);
    await settleQueries();
    expect(document.activeElement).toBe(titleField());

    const save = within(sheet()).getByRole('button', { name: 'Salvar' });
    save.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(sheet()).getByRole('button', { name: 'Fechar' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    expect(sheet().getAttribute('aria-modal')).toBe('true');

    await userEvent.keyboard('{Escape}');
    await settleQueries();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  test('closing keeps what was typed for the next opening', async () => {
    await openHome();
    await openSheet();
    await userEvent.type(titleField(), 'Enviar orçamento');
    await userEvent.click(within(sheet()).getByRole('button', { name: 'Fechar' }));
    await openSheet();
    expect(titleField().value).toBe('Enviar orçamento');
  });

  test('a swipe down on the sheet’s top closes it; a short one does not', async () => {
    // jsdom has no PointerEvent: a MouseEvent with a pointer's id and type stands in.
    class FakePointerEvent extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    vi.stubGlobal('PointerEvent', FakePointerEvent);
    await openHome();
    await openSheet();
    const handle = sheet().querySelector('.quick-task__handle')!;
    fireEvent.pointerDown(handle, { pointerId: 1, clientY: 500, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 540, pointerType: 'touch' });
    expect(sheet().style.transform).toBe('translateY(40px)');
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 540, pointerType: 'touch' });
    await settleQueries();
    expect(sheet().style.transform).toBe('');

    fireEvent.pointerDown(handle, { pointerId: 2, clientY: 500, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(handle, { pointerId: 2, clientY: 620, pointerType: 'touch' });
    fireEvent.pointerUp(handle, { pointerId: 2, clientY: 620, pointerType: 'touch' });
    await settleQueries();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('"Mais opções" goes to the full form at /home/new', async () => {
    const app = await openHome();
    await openSheet();
    await userEvent.click(within(sheet()).getByRole('link', { name: 'Mais opções' }));
    await settleQueries();
    expect(app.url()).toBe('/home/new');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the customer picker asks for 100 customers, then searches from 2 characters', async () => {
    vi.useRealTimers();
    const app = await openHome({ customers: ok(customersPage([pickerCustomer()])) });
    await openSheet();
    await userEvent.click(customerField());
    await settleQueries();
    const asked = () => app.home.customers.requests.map((r) => new URL(r.url).search);
    expect(asked()).toEqual(['?limit=100']);
    expect(within(sheet()).getByRole('option', { name: /^Maria Souza/ }).textContent).toBe(
      'Maria Souza(11) 98765-4321',
    );

    await userEvent.type(customerField(), 'm');
    await userEvent.type(customerField(), 'á');
    await vi.waitFor(() => expect(asked()).toEqual(['?limit=100', '?limit=100&search=m%C3%A1']));

    await userEvent.click(within(sheet()).getByRole('option', { name: /^Maria Souza/ }));
    expect(customerField().value).toBe('Maria Souza');
    expect(document.activeElement).toBe(customerField());
  });

  test('no customers yet: the picker says so', async () => {
    await openHome({ customers: ok(customersPage([])) });
    await openSheet();
    await userEvent.click(customerField());
    await settleQueries();
    expect(within(sheet()).getByRole('status').textContent).toBe('Nenhum cliente cadastrado ainda.');
    expect(
      within(sheet())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sem cliente']);
  });

  test('the customers cannot be loaded: said in the picker; opening it again tries again', async () => {
    const app = await openHome({ customers: failed(500, 'Falha interna.') });
    await openSheet();
    await userEvent.click(customerField());
    await settleQueries();
    expect(within(sheet()).getByRole('status').textContent).toBe('Falha interna.');
    app.home.customers.always(ok(customersPage([pickerCustomer()])));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Nova tarefa' })).toBeDefined();
    await userEvent.click(customerField());
    await settleQueries();
    expect(within(sheet()).getByRole('option', { name: /^Maria Souza/ })).toBeDefined();
  });

  test('saving with a customer sends its id', async () => {
    const app = await openHome({ create: ok({ task: createdTask({ customerId: pickerCustomer().id }) }) });
    await openSheet();
    await userEvent.type(titleField(), 'Ligar para a Maria');
    await userEvent.click(customerField());
    await settleQueries();
    await userEvent.click(within(sheet()).getByRole('option', { name: /^Maria Souza/ }));
    await userEvent.click(within(sheet()).getByRole('button', { name: 'Salvar' }));
    await settleQueries();
    expect(await app.home.create.requests[0]!.clone().json()).toMatchObject({
      customerId: pickerCustomer().id,
    });
    expect(events.at(-1)).toMatchObject({ name: 'task created', properties: { withCustomer: true } });
  });
});
