import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Customer } from '../../contracts/customers';
import { customer } from './support/customer-fixtures';
import {
  fakeCustomersServer,
  manyCustomers,
  settleCustomers,
  withCustomerPagesPreloaded,
} from './support/customers-api';
import { FAKE_CLOCK, failed, ok, settle } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

// Whole-app renders: a loaded machine (the suite runs two files at a time) needs more than 5 s.
vi.setConfig({ testTimeout: 15_000 });

const ana = customer({
  id: 'c-ana',
  name: 'Ana Souza',
  phone: '5511987654321',
  email: 'ana@docesdaana.com.br',
  tags: ['vip', 'encomendas'],
  source: 'instagram',
  notes: 'Prefere contato à tarde.\nAlérgica a amendoim.',
  createdAt: '2030-01-10T12:00:00.000Z',
  lastContactAt: '2030-01-14T15:00:00.000Z',
});
const joao = customer({ id: 'c-joao', name: 'João Conceição', phone: '5521998765432', email: null });
const carla = customer({ id: 'c-carla', name: 'Carla Dias', phone: null, email: 'carla@exemplo.com.br' });

let current = fakeCustomersServer();

const settled = (check?: () => unknown) => settleCustomers(current, check);

function open(url: string, server = fakeCustomersServer({ customers: [ana, joao, carla] })) {
  current = server;
  const app = openSignedIn(url, { routes: [server.routes] });
  return { ...app, api: server };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar clientes' });
const rows = () =>
  within(screen.getByRole('list', { name: 'Clientes' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.customer-row__name')?.textContent);
const toastTitle = (id: string) =>
  document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;

describe('/customers (spec §2): the list', () => {
  withCustomerPagesPreloaded();

  test('the heading, the actions, the count and a row per customer linking to its detail', async () => {
    const app = open('/customers');
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Clientes');
    expect(screen.getByRole('link', { name: 'Novo cliente' }).getAttribute('href')).toBe('/customers/new');
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDefined();
    expect(screen.getByText('3 clientes')).toBeDefined();
    expect(rows()).toEqual(['Ana Souza', 'João Conceição', 'Carla Dias']);

    const first = screen.getByRole('link', { name: /Ana Souza/ });
    expect(first.getAttribute('href')).toBe('/customers/c-ana');
    expect(first.textContent).toContain('(11) 98765-4321');
    expect(first.textContent).toContain('ana@docesdaana.com.br');
    expect(within(first).getByText('vip')).toBeDefined();
    expect(screen.getByRole('link', { name: /João Conceição/ }).textContent).toContain('(21) 99876-5432');

    // Spec §7: limit 50, no search and no cursor on the first page; one page needs no pagination.
    expect(app.api.listQueries()).toEqual([{ limit: '50' }]);
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();

    await userEvent.click(first);
    await settled();
    expect(app.url()).toBe('/customers/c-ana');
  });

  test('one customer reads "1 cliente"', async () => {
    open('/customers', fakeCustomersServer({ customers: [ana] }));
    await settled();
    expect(screen.getByText('1 cliente')).toBeDefined();
  });

  test('no customers yet: an invitation to create one or import a list', async () => {
    const app = open('/customers', fakeCustomersServer());
    await settled();
    expect(screen.getByText('Você ainda não tem clientes.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Cadastrar cliente' }).getAttribute('href')).toBe(
      '/customers/new',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Importar contatos' }));
    await settled(() => screen.queryByRole('dialog'));
    expect(screen.getByRole('dialog', { name: 'Importar clientes' })).toBeDefined();
    expect(app.url()).toBe('/customers');
  });

  test('spec §8: an answer without customers is "No customers data returned"', async () => {
    open('/customers', fakeCustomersServer({ answers: { list: ok({ totalCount: 3, endCursor: null }) } }));
    await settled();
    expect(screen.getByRole('alert').textContent).toBe('No customers data returned');
  });

  test('a list that fails says why, and loads again on request', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.failNext('list', failed(500, 'Não foi possível carregar os clientes.'));
    open('/customers', server);
    await settled();
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível carregar os clientes.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settled();
    expect(rows()).toEqual(['Ana Souza']);
  });
});

describe('/customers: search', () => {
  withCustomerPagesPreloaded();
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });

  /** Lets the fetches and the renders they cause finish (a few ms of fake clock included). */
  async function idle() {
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(20));
    await settle();
  }

  /** Types `text` a character at a time, as keystrokes change the field. */
  function type(text: string, from = '') {
    for (let i = 1; i <= text.length; i++)
      fireEvent.change(searchBox(), { target: { value: from + text.slice(0, i) } });
  }

  test('applies 300 ms after the last keystroke, in the address (replaced, not pushed), accents ignored', async () => {
    const app = open('/customers');
    await idle();
    type('joa');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(app.api.listQueries()).toEqual([{ limit: '50' }]);
    expect(app.url()).toBe('/customers');

    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    await idle();
    expect(app.url()).toBe('/customers?search=joa');
    expect(app.location.history).toEqual(['/customers?search=joa']);
    expect(app.api.listQueries().at(-1)).toEqual({ limit: '50', search: 'joa' });
    expect(rows()).toEqual(['João Conceição']);
    expect(screen.getByText('1 cliente')).toBeDefined();
    expect(searchBox()).toHaveProperty('value', 'joa');
  });

  test('one character does not search (and says 2 are needed); clearing lists everyone again', async () => {
    const app = open('/customers?search=ana');
    await idle();
    expect(searchBox()).toHaveProperty('value', 'ana');
    expect(rows()).toEqual(['Ana Souza']);

    fireEvent.change(searchBox(), { target: { value: '' } });
    type('c');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await idle();
    expect(screen.getByText('Digite pelo menos 2 caracteres para buscar.')).toBeDefined();
    // Fewer than 2 characters list everyone (spec §5).
    expect(app.url()).toBe('/customers');
    expect(rows()).toEqual(['Ana Souza', 'João Conceição', 'Carla Dias']);
    expect(app.api.listQueries().map((q) => q.search)).toEqual(['ana', undefined]);
  });

  test('no match says so, naming the search', async () => {
    open('/customers');
    await idle();
    type('zeca');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await idle();
    expect(screen.getByText('Nenhum cliente encontrado para “zeca”.')).toBeDefined();
    expect(screen.queryByText('Você ainda não tem clientes.')).toBeNull();
  });

  test('a search starts again at page 1', async () => {
    const app = open('/customers?page=2', fakeCustomersServer({ customers: manyCustomers(120) }));
    await idle();
    type('cliente 11');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await idle();
    expect(app.url()).toBe('/customers?search=cliente+11');
    expect(app.api.listQueries().at(-1)).toEqual({ limit: '50', search: 'cliente 11' });
  });

  test('the address changing (Back, a link) puts its search in the box', async () => {
    const app = open('/customers?search=ana');
    await idle();
    act(() => app.location.navigate('/customers?search=carla'));
    await idle();
    expect(searchBox()).toHaveProperty('value', 'carla');
    expect(rows()).toEqual(['Carla Dias']);
  });
});

describe('/customers: pages', () => {
  withCustomerPagesPreloaded();

  const range = () => screen.getByRole('navigation', { name: 'Paginação' }).textContent;

  test('"Próxima" walks the pages with the cursor of the page before; "Anterior" goes back', async () => {
    const app = open('/customers', fakeCustomersServer({ customers: manyCustomers(120) }));
    await settled();
    expect(screen.getByText('120 clientes')).toBeDefined();
    expect(range()).toContain('1–50 de 120');
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await settled();
    expect(app.url()).toBe('/customers?page=2');
    expect(range()).toContain('51–100 de 120');
    expect(rows()[0]).toBe('Cliente 051');

    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await settled();
    expect(range()).toContain('101–120 de 120');
    expect(rows()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Próxima' })).toHaveProperty('disabled', true);
    expect(app.api.listQueries()).toEqual([
      { limit: '50' },
      { limit: '50', cursor: '50' },
      { limit: '50', cursor: '100' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await settled();
    expect(app.url()).toBe('/customers?page=2');
    expect(range()).toContain('51–100 de 120');
    // Pages are pushed: Back goes through them.
    expect(app.location.history).toEqual([
      '/customers',
      '/customers?page=2',
      '/customers?page=3',
      '/customers?page=2',
    ]);
  });

  test('a page opened directly (a shared link) asks the server for that page and size', async () => {
    const app = open('/customers?page=3&limit=10', fakeCustomersServer({ customers: manyCustomers(1234) }));
    await settled();
    expect(app.api.listQueries()).toEqual([{ limit: '10', page: '3' }]);
    expect(range()).toContain('21–30 de 1.234');
    expect(screen.getByText('1.234 clientes')).toBeDefined();
    expect(rows()[0]).toBe('Cliente 021');

    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await settled();
    expect(app.url()).toBe('/customers?page=4&limit=10');
    expect(app.api.listQueries().at(-1)).toEqual({ limit: '10', cursor: '30' });
  });

  test('a search past the count the server keeps says "mais de", in the count and in the page range', async () => {
    const many = () => fakeCustomersServer({ customers: manyCustomers(1234), searchCountBound: 1000 });
    const app = open('/customers?search=cliente', many());
    await settled();
    expect(screen.getByText('mais de 1.000 clientes')).toBeDefined();
    expect(range()).toContain('1–50 de mais de 1.000');

    // Past the count, the range says what the pages show; the last page knows the total.
    act(() => app.location.navigate('/customers?search=cliente&page=22'));
    await settled();
    expect(range()).toContain('1.051–1.100 de mais de 1.100');
    act(() => app.location.navigate('/customers?search=cliente&page=25'));
    await settled();
    expect(range()).toContain('1.201–1.234 de 1.234');
    expect(screen.getByText('mais de 1.000 clientes')).toBeDefined();

    // Without a search the count is exact.
    act(() => app.location.navigate('/customers'));
    await settled();
    expect(screen.getByText('1.234 clientes')).toBeDefined();
  });

  test('a page past the end offers the first one', async () => {
    const app = open('/customers?page=9', fakeCustomersServer({ customers: manyCustomers(3) }));
    await settled();
    expect(screen.getByText('Não há clientes nesta página.')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a primeira página' }));
    await settled();
    expect(app.url()).toBe('/customers');
    expect(rows()).toHaveLength(3);
  });
});

describe('/customers/{id}: the detail', () => {
  withCustomerPagesPreloaded();

  const withHistory = (c: Customer) =>
    fakeCustomersServer({
      customers: [c, joao],
      details: {
        [c.id]: {
          tasks: [
            {
              id: 't-1',
              title: 'Ligar para confirmar a encomenda',
              dueAt: '2030-01-20T13:00:00.000Z',
              status: 'pending',
              hasFollowUp: true,
            },
            {
              id: 't-2',
              title: 'Enviar orçamento',
              dueAt: '2030-01-05T13:00:00.000Z',
              status: 'completed',
              hasFollowUp: false,
            },
          ],
          deals: [
            {
              id: 'd-1',
              title: 'Bolo de casamento',
              valueCents: 150_000,
              stageName: 'Proposta enviada',
              status: 'open',
            },
          ],
        },
      },
    });

  const row = (term: string) =>
    [...document.querySelectorAll('.details__row')]
      .find((r) => r.querySelector('dt')?.textContent === term)
      ?.querySelector('dd')?.textContent;

  test('fields, the WhatsApp chat, tags, source, dates, tasks and deals', async () => {
    open('/customers/c-ana', withHistory(ana));
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Souza');
    expect(row('WhatsApp')).toContain('(11) 98765-4321');
    const chat = screen.getByRole('link', { name: 'Conversar no WhatsApp' });
    expect(chat.getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'ana@docesdaana.com.br' }).getAttribute('href')).toBe(
      'mailto:ana@docesdaana.com.br',
    );
    expect(row('Origem')).toBe('Instagram');
    expect(
      within(screen.getByRole('list', { name: 'Etiquetas' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['vip', 'encomendas']);
    expect(row('Cliente desde')).toBe('10/01/2030');
    expect(row('Último contato')).toBe('14/01/2030');
    expect(row('Observações')).toBe('Prefere contato à tarde.\nAlérgica a amendoim.');

    const task = screen.getByRole('link', { name: /Ligar para confirmar a encomenda/ });
    expect(task.getAttribute('href')).toBe('/tasks/t-1');
    expect(task.textContent).toContain('Para 20/01/2030 · com mensagem de follow-up');
    expect(screen.getByRole('link', { name: /Enviar orçamento/ }).textContent).toContain('Concluída');
    const deal = screen.getByRole('link', { name: /Bolo de casamento/ });
    expect(deal.getAttribute('href')).toBe('/sales/d-1');
    expect(deal.textContent).toContain('R$\u00a01.500,00');
    expect(deal.textContent).toContain('Proposta enviada · Em andamento');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/customers/c-ana/edit');
  });

  test('a customer with nothing but a name says so field by field', async () => {
    const bare = customer({
      id: 'c-bare',
      name: 'Zeca',
      phone: null,
      email: null,
      tags: [],
      lastContactAt: null,
    });
    open('/customers/c-bare', fakeCustomersServer({ customers: [bare] }));
    await settled();
    expect(row('WhatsApp')).toBe('Não informado');
    expect(row('E-mail')).toBe('Não informado');
    expect(row('Origem')).toBe('Não informada');
    expect(row('Etiquetas')).toBe('Nenhuma');
    expect(row('Último contato')).toBe('Nenhum contato ainda');
    expect(screen.queryByRole('link', { name: 'Conversar no WhatsApp' })).toBeNull();
    expect(screen.getByText('Nenhuma tarefa com este cliente.')).toBeDefined();
    expect(screen.getByText('Nenhum negócio com este cliente.')).toBeDefined();
  });

  test('spec §8: an answer without the customer is "No customer data returned"', async () => {
    open('/customers/c-ana', fakeCustomersServer({ answers: { detail: ok({ tasks: [], deals: [] }) } }));
    await settled();
    expect(screen.getByRole('alert').textContent).toBe('No customer data returned');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  test("an unknown id (or another company's) shows the server's text and the way back, nothing to retry", async () => {
    open('/customers/c-outra-empresa', fakeCustomersServer({ customers: [ana] }));
    await settled();
    expect(screen.getByRole('alert').textContent).toBe('Cliente não encontrado.');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para clientes' }).getAttribute('href')).toBe(
      '/customers',
    );
  });

  test('"Excluir" asks first; confirmed, the customer is gone from the list', async () => {
    const app = open('/customers/c-ana', withHistory(ana));
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const confirm = screen.getByRole('group', { name: 'Excluir Ana Souza?' });
    expect(confirm.textContent).toContain('As tarefas deste cliente também serão excluídas');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: 'Excluir Ana Souza?' })).toBeNull();
    expect(app.api.requests.delete).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir cliente' }));
    await settled();
    expect(app.api.requests.delete.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['DELETE', '/api/customers/c-ana'],
    ]);
    expect(app.url()).toBe('/customers');
    expect(toastTitle('customer-deleted')).toBe('Cliente excluído.');
    expect(rows()).toEqual(['João Conceição']);
  });

  test('a delete that fails says why and keeps the customer', async () => {
    const server = withHistory(ana);
    server.failNext('delete', failed(500, 'Não foi possível excluir o cliente.'));
    const app = open('/customers/c-ana', server);
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir cliente' }));
    await settled();
    expect(
      within(screen.getByRole('group', { name: 'Excluir Ana Souza?' })).getByRole('alert').textContent,
    ).toBe('Não foi possível excluir o cliente.');
    expect(app.url()).toBe('/customers/c-ana');
  });
});
