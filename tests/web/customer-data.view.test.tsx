import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CUSTOMER_DATA_EXPORT_URL, ERASED_CUSTOMER_NAME } from '../../contracts/customer-data';
import { ROLE_FORBIDDEN_TEXT } from '../../contracts/roles';
import {
  CUSTOMER_DATA_ERASED_NOTE,
  CUSTOMER_DATA_ERASED_TEXT,
} from '../../src/features/customers/CustomerDataCard';
import { capturedDownloads } from './support/captured-downloads';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { type FakeRoutes, failed, ok, type Reply } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

// Whole-app renders: a loaded machine (the suite runs two files at a time) needs more than 5 s.
vi.setConfig({ testTimeout: 15_000 });

/**
 * The customer page's "Dados do cliente (LGPD)": "Exportar dados" saves the server's JSON file;
 * "Apagar dados" asks first (what goes, what stays), sends the name the page shows as the
 * confirmation, and then the page shows the anonymised customer.
 */

const ana = () =>
  customer({
    id: 'c-ana',
    name: 'Ana Souza',
    phone: '5511987654321',
    email: 'ana.souza@exemplo.com.br',
    notes: 'Alérgica a amendoim.',
    tags: ['vip'],
  });

/** The customers fake plus the two calls of this card, answering as the server does. */
function withCustomerData(options: { erase?: Reply } = {}) {
  const server = fakeCustomersServer({ customers: [ana()] });
  const erases: unknown[] = [];
  const exports: string[] = [];
  const dataRoutes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === CUSTOMER_DATA_EXPORT_URL.replace(':id', 'c-ana') && request.method === 'GET') {
      exports.push(pathname);
      return Promise.resolve(
        new Response(JSON.stringify({ format: 'fechai.customer-data.v1', customer: { name: 'Ana Souza' } }), {
          status: 200,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="dados-ana-souza-2030-01-15.json"',
          },
        }),
      );
    }
    if (pathname === '/api/customers/c-ana/erase' && request.method === 'POST') {
      return request.json().then((body) => {
        erases.push(body);
        const answer = options.erase;
        if (answer && answer !== 'network-error')
          return new Response(JSON.stringify(answer.body), { status: answer.status });
        const index = server.customers.findIndex((c) => c.id === 'c-ana');
        server.customers[index] = {
          ...server.customers[index]!,
          name: ERASED_CUSTOMER_NAME,
          phone: null,
          email: null,
          notes: null,
          tags: [],
        };
        const reply = ok({ customer: server.customers[index] });
        return new Response(JSON.stringify((reply as { body: unknown }).body), { status: 200 });
      });
    }
    return undefined;
  };
  const app = openSignedIn('/customers/c-ana', { routes: [dataRoutes, server.routes] });
  return { app, server, erases, exports };
}

const card = () => screen.getByRole('region', { name: 'Dados do cliente (LGPD)' });
const toastTitle = (id: string) =>
  document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;

describe('/customers/{id}: "Dados do cliente (LGPD)"', () => {
  withCustomerPagesPreloaded();
  const downloads = capturedDownloads();

  test('"Exportar dados" saves the JSON file under the name the server gave', async () => {
    const { server, exports } = withCustomerData();
    await settleCustomers(server);
    await userEvent.click(within(card()).getByRole('button', { name: 'Exportar dados' }));
    await settleCustomers(server, () => downloads.length === 1);
    expect(exports).toEqual(['/api/customers/c-ana/data-export']);
    expect(downloads[0]!.name).toBe('dados-ana-souza-2030-01-15.json');
    expect(JSON.parse(await downloads[0]!.blob.text())).toMatchObject({ customer: { name: 'Ana Souza' } });
    expect(toastTitle('customer-data-export')).toBe('Exportação pronta.');
  });

  test('"Apagar dados" says what goes and what stays; "Cancelar" erases nothing', async () => {
    const { server, erases } = withCustomerData();
    await settleCustomers(server);
    await userEvent.click(within(card()).getByRole('button', { name: 'Apagar dados' }));
    const question = screen.getByRole('group', { name: 'Apagar os dados de Ana Souza?' });
    expect(question.textContent).toContain('o conteúdo da conversa no WhatsApp');
    expect(question.textContent).toContain('Continuam as tarefas, os negócios e a contagem de mensagens');
    expect(question.textContent).toContain('Não dá para desfazer');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: 'Apagar os dados de Ana Souza?' })).toBeNull();
    expect(erases).toEqual([]);
  });

  test('confirmed, the name is the confirmation and the page shows the anonymised customer', async () => {
    const { app, server, erases } = withCustomerData();
    await settleCustomers(server);
    await userEvent.click(within(card()).getByRole('button', { name: 'Apagar dados' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apagar dados do cliente' }));
    await settleCustomers(
      server,
      () => screen.getByRole('heading', { level: 1 }).textContent === ERASED_CUSTOMER_NAME,
    );
    expect(erases).toEqual([{ confirm: 'Ana Souza' }]);
    expect(app.url()).toBe('/customers/c-ana');
    expect(screen.queryByText('ana.souza@exemplo.com.br')).toBeNull();
    expect(screen.queryByText('Alérgica a amendoim.')).toBeNull();
    expect(within(card()).getByRole('status').textContent).toBe(CUSTOMER_DATA_ERASED_NOTE);
    expect(within(card()).queryByRole('button', { name: 'Apagar dados' })).toBeNull();
    expect(screen.queryByRole('group', { name: /Apagar os dados/ })).toBeNull();
    expect(toastTitle('customer-data-erased')).toBe(CUSTOMER_DATA_ERASED_TEXT);
  });

  test("a refusal (the role changed meanwhile) shows the server's words beside the question and keeps the customer", async () => {
    const { server } = withCustomerData({ erase: failed(403, ROLE_FORBIDDEN_TEXT, 'FORBIDDEN') });
    await settleCustomers(server);
    await userEvent.click(within(card()).getByRole('button', { name: 'Apagar dados' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apagar dados do cliente' }));
    await settleCustomers(server);
    const question = screen.getByRole('group', { name: 'Apagar os dados de Ana Souza?' });
    expect(within(question).getByRole('alert').textContent).toBe(ROLE_FORBIDDEN_TEXT);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Souza');
  });
});
