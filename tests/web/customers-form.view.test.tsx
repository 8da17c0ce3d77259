import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CUSTOMER_PHONE_INVALID_TEXT } from '../../contracts/brazil/customer-phone';
import { CUSTOMER_EMAIL_INVALID_TEXT, CUSTOMER_NAME_REQUIRED_TEXT } from '../../contracts/customers';
import { UNREACHABLE_TEXT } from '../../src/api/error-text';
import { maskCustomerPhone } from '../../src/features/customers/phone-mask';
import { type AnalyticsEvent, onTrack } from '../../src/lib/analytics/track-event';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { failed } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

// Whole-app renders: a loaded machine (the suite runs two files at a time) needs more than 5 s.
vi.setConfig({ testTimeout: 15_000 });

const ana = customer({
  id: 'c-ana',
  name: 'Ana Souza',
  phone: '5511987654321',
  email: 'ana@docesdaana.com.br',
  tags: ['vip'],
  source: 'instagram',
  notes: 'Prefere contato à tarde.',
});

let current = fakeCustomersServer();

const settled = (check?: () => unknown) => settleCustomers(current, check);

function open(url: string, server = fakeCustomersServer({ customers: [ana] })) {
  current = server;
  const app = openSignedIn(url, { routes: [server.routes] });
  return { ...app, api: server };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const name = () => field(/^Nome/);
const phone = () => field(/^WhatsApp/);
const email = () => field(/^E-mail/);
const tags = () => screen.getByLabelText(/^Etiquetas/, { selector: 'input' }) as HTMLInputElement;
const source = () => screen.getByLabelText(/^Origem/) as HTMLSelectElement;
const notes = () => field(/^Observações/);
/** The error shown beside a field (its aria-describedby's alert). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}
const chips = () =>
  screen.queryByRole('list', { name: 'Etiquetas do cliente' })
    ? within(screen.getByRole('list', { name: 'Etiquetas do cliente' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
const toastTitle = (id: string) =>
  document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;

/** What the app told the error tracker's endpoint. */
async function errorReports(app: ReturnType<typeof open>): Promise<Array<Record<string, unknown>>> {
  const calls = app.server.network.calls.filter(
    (c) => new URL(c.request.url).pathname === '/api/client-errors',
  );
  return Promise.all(calls.map((c) => c.request.clone().json() as Promise<Record<string, unknown>>));
}

/** The analytics events of each test of the block. */
function trackedEvents(): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = [];
  let stop = () => {};
  beforeEach(() => {
    events.length = 0;
    stop = onTrack((event) => {
      events.push(event);
    });
  });
  afterEach(() => stop());
  return events;
}

describe('the WhatsApp field mask', () => {
  test.each([
    ['11987654321', '(11) 98765-4321'],
    ['1133334444', '(11) 3333-4444'],
    ['(11) 9876', '(11) 9876'],
    ['5511987654321', '(11) 98765-4321'],
    ['0 11 98765-4321', '(11) 98765-4321'],
    ['+55 11 98765 4321', '+55 (11) 98765-4321'],
    ['+55', '+55'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+', '+'],
    ['abc', ''],
  ])('%j shows as %j', (typed, shown) => {
    expect(maskCustomerPhone(typed)).toBe(shown);
  });
});

describe('/customers/new: "Novo cliente"', () => {
  withCustomerPagesPreloaded();

  test('a label on every field; the name is required, and nothing is sent without it', async () => {
    const app = open('/customers/new');
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Novo cliente');
    for (const control of [name(), phone(), email(), tags(), source(), notes()])
      expect(control).toBeDefined();
    expect([...source().options].map((o) => o.text)).toEqual([
      'Não informada',
      'WhatsApp',
      'Instagram',
      'Facebook',
      'Indicação',
      'Site',
      'Loja física',
      'Importação',
      'Outro',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(errorOf(name())).toBe(CUSTOMER_NAME_REQUIRED_TEXT);
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name());
    expect(app.api.requests.create).toHaveLength(0);

    // Typing clears the field's error.
    await userEvent.type(name(), 'Bia');
    expect(errorOf(name())).toBeNull();
  });

  test('a phone or e-mail that cannot be right is said beside it before anything is sent', async () => {
    const app = open('/customers/new');
    await settled();
    await userEvent.type(name(), 'Bia');
    await userEvent.type(phone(), '1234');
    await userEvent.type(email(), 'bia@');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    expect(errorOf(phone())).toBe(CUSTOMER_PHONE_INVALID_TEXT);
    expect(errorOf(email())).toBe(CUSTOMER_EMAIL_INVALID_TEXT);
    expect(document.activeElement).toBe(phone());
    expect(app.api.requests.create).toHaveLength(0);
  });

  test('the phone is masked as typed', async () => {
    open('/customers/new');
    await settled();
    await userEvent.type(phone(), '11987654321');
    expect(phone().value).toBe('(11) 98765-4321');
    await userEvent.clear(phone());
    await userEvent.type(phone(), '+14155550100');
    expect(phone().value).toBe('+14155550100');
  });

  test('tags: Enter or a comma adds one, a repeat is ignored, Backspace in the empty field removes the last', async () => {
    open('/customers/new');
    await settled();
    await userEvent.type(tags(), 'vip{Enter}atacado,VIP,');
    expect(chips()).toEqual(['vip', 'atacado']);
    expect(tags().value).toBe('');
    await userEvent.type(tags(), '{Backspace}');
    expect(chips()).toEqual(['vip']);
    await userEvent.type(tags(), 'encomendas{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remover etiqueta vip' }));
    expect(chips()).toEqual(['encomendas']);
    await userEvent.type(tags(), `${'x'.repeat(31)}{Enter}`);
    expect(errorOf(tags())).toBe('Etiquetas têm no máximo 30 caracteres.');
    expect(chips()).toEqual(['encomendas']);
  });

  const events = trackedEvents();

  test('saved: the body, "customer created" to analytics, a toast, back to /customers with the new customer listed', async () => {
    const app = open('/customers/new');
    await settled();
    await userEvent.type(name(), '  Bruno Lima ');
    await userEvent.type(phone(), '21998765432');
    await userEvent.type(email(), 'bruno@exemplo.com.br');
    await userEvent.type(tags(), 'novo{Enter}indicado');
    await userEvent.selectOptions(source(), 'Indicação');
    await userEvent.type(notes(), 'Indicado pela Ana.');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();

    expect(app.api.bodies.create).toEqual([
      {
        name: 'Bruno Lima',
        phone: '(21) 99876-5432',
        email: 'bruno@exemplo.com.br',
        notes: 'Indicado pela Ana.',
        // The tag still being typed counts.
        tags: ['novo', 'indicado'],
        source: 'indicacao',
      },
    ]);
    expect(app.url()).toBe('/customers');
    expect(toastTitle('customer-created')).toBe('Cliente cadastrado.');
    expect(events.map((e) => [e.name, e.properties])).toEqual([
      ['customer created', { source: 'indicacao' }],
    ]);
    expect(screen.getByRole('link', { name: /Bruno Lima/ }).textContent).toContain('(21) 99876-5432');
    expect(await errorReports(app)).toEqual([]);
  });

  test('empty optional fields are sent as null', async () => {
    const app = open('/customers/new');
    await settled();
    await userEvent.type(name(), 'Carla');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(app.api.bodies.create).toEqual([
      { name: 'Carla', phone: null, email: null, notes: null, tags: [], source: null },
    ]);
  });

  test('409: a phone that is another customer’s (ninth digit or not) is said beside the phone, naming them; reported', async () => {
    const app = open('/customers/new');
    await settled();
    await userEvent.type(name(), 'Ana S.');
    // Without the ninth digit: the same person as (11) 98765-4321.
    await userEvent.type(phone(), '1187654321');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(errorOf(phone())).toBe('Já existe um cliente com este telefone: Ana Souza.');
    expect(document.activeElement).toBe(phone());
    expect(app.url()).toBe('/customers/new');
    expect(events).toEqual([]);
    expect(await errorReports(app)).toEqual([
      expect.objectContaining({ tag: 'customer.create', message: 'customer create failed: 409 CONFLICT' }),
    ]);
  });

  test('400 issues from the server land beside their fields', async () => {
    const server = fakeCustomersServer();
    server.failNext(
      'create',
      failed(400, 'Confira os campos destacados.', 'VALIDATION_ERROR', [
        { path: 'email', message: 'Este e-mail não recebe mensagens.' },
        { path: 'tags.1', message: 'Etiqueta inválida.' },
      ]),
    );
    open('/customers/new', server);
    await settled();
    await userEvent.type(name(), 'Dora');
    await userEvent.type(email(), 'dora@exemplo.com.br');
    await userEvent.type(tags(), 'a{Enter}b{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(errorOf(email())).toBe('Este e-mail não recebe mensagens.');
    expect(errorOf(tags())).toBe('Etiqueta inválida.');
  });

  test('a failure the person cannot fix: the server’s text on the form; reported once however often it is tried in 5 s', async () => {
    const server = fakeCustomersServer();
    server.failNext(
      'create',
      failed(500, 'Erro interno. Tente de novo.'),
      failed(500, 'Erro interno. Tente de novo.'),
    );
    const app = open('/customers/new', server);
    await settled();
    await userEvent.type(name(), 'Eva');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(screen.getByText('Erro interno. Tente de novo.').getAttribute('role')).toBe('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(await errorReports(app)).toEqual([
      expect.objectContaining({
        tag: 'customer.create',
        message: 'customer create failed: 500 INTERNAL_ERROR',
      }),
    ]);

    // The third try goes through.
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settled();
    expect(app.url()).toBe('/customers');
  });

  test('"Salvar" again after a lost answer sends the same Idempotency-Key; a changed form gets a new one', async () => {
    const server = fakeCustomersServer();
    server.failNext('create', 'network-error', 'network-error');
    const app = open('/customers/new', server);
    await settled();
    await userEvent.type(name(), 'Gil');
    const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await save();
    await settled();
    await save();
    await settled();
    await userEvent.type(name(), ' Souza');
    await save();
    await settled();

    const keys = server.requests.create.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(app.url()).toBe('/customers');
  });

  test('"Cancelar" goes back to the list', async () => {
    const app = open('/customers/new');
    await settled();
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    await settled();
    expect(app.url()).toBe('/customers');
  });
});

describe('/customers/{id}/edit', () => {
  withCustomerPagesPreloaded();

  test('the form holds the customer; saved, it goes to the detail with the change', async () => {
    const app = open('/customers/c-ana/edit');
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editar cliente');
    expect(name().value).toBe('Ana Souza');
    expect(phone().value).toBe('(11) 98765-4321');
    expect(email().value).toBe('ana@docesdaana.com.br');
    expect(chips()).toEqual(['vip']);
    expect(source().value).toBe('instagram');
    expect(notes().value).toBe('Prefere contato à tarde.');

    await userEvent.clear(name());
    await userEvent.type(name(), 'Ana Souza Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await settled();
    expect(app.api.requests.update.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['PUT', '/api/customers/c-ana'],
    ]);
    expect(app.api.bodies.update[0]).toMatchObject({
      name: 'Ana Souza Lima',
      phone: '(11) 98765-4321',
      tags: ['vip'],
    });
    expect(app.url()).toBe('/customers/c-ana');
    expect(toastTitle('customer-updated')).toBe('Alterações salvas.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Souza Lima');
  });

  test('an update that fails is reported, tagged customer.update; the form stays', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.failNext('update', 'network-error');
    const app = open('/customers/c-ana/edit', server);
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await settled();
    expect(screen.getByRole('alert').textContent).toBe(UNREACHABLE_TEXT);
    expect(app.url()).toBe('/customers/c-ana/edit');
    expect(await errorReports(app)).toEqual([
      expect.objectContaining({
        tag: 'customer.update',
        message: 'customer update failed: no answer NETWORK_ERROR',
      }),
    ]);
  });

  test('"Cancelar" goes back to the detail', async () => {
    const app = open('/customers/c-ana/edit');
    await settled();
    await userEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    await settled();
    expect(app.url()).toBe('/customers/c-ana');
  });

  test('an unknown customer says so, with no form', async () => {
    open('/customers/c-nope/edit');
    await settled();
    expect(screen.getByRole('alert').textContent).toBe('Cliente não encontrado.');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).toBeNull();
  });
});
