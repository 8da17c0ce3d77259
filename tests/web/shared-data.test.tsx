import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, withCustomerPagesPreloaded } from './support/customers-api';
import { ok, settleQueries } from './support/fake-api';
import { dashboardData, fakeHomeRoutes, whatsappState, withHomePagesPreloaded } from './support/home-api';
import { openSignedIn } from './support/signed-in';

// Whole-app renders across several pages: a loaded machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const maria = customer({ id: 'c-maria', name: 'Maria Souza', phone: '5511987654321', email: null });

/** The app for a signed-in owner at `url`, with the customers API in memory and /home's calls. */
function openWorkspace(url: string) {
  const customers = fakeCustomersServer({ customers: [maria] });
  const home = fakeHomeRoutes({ dashboard: ok(dashboardData()), whatsapp: ok(whatsappState()) });
  const app = openSignedIn(url, { routes: [customers.routes, home.routes] });
  const go = async (to: string) => {
    act(() => app.location.navigate(to));
    await settleQueries();
  };
  return { ...app, customers, home, go };
}

const picker = () => screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
const pickerNames = () =>
  within(screen.getByRole('listbox', { name: 'Clientes' }))
    .getAllByRole('option')
    .map((option) => option.querySelector('.customer-picker__name')?.textContent);

describe('what one part of the workspace changes, the others show', () => {
  withHomePagesPreloaded(['/home', '/home/new', '/tasks/new', '/sales/new']);
  withCustomerPagesPreloaded();

  test('a customer created on /customers/new: the home page (which counts customers) is read again', async () => {
    const app = openWorkspace('/home');
    await settleQueries();
    await vi.waitFor(() => expect(app.home.dashboard.requests).toHaveLength(1));

    await app.go('/customers/new');
    await userEvent.type(screen.getByLabelText(/^Nome/), 'Joana Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar cliente' }));
    await settleQueries();
    await vi.waitFor(() => expect(app.url()).toBe('/customers'));

    // The dashboard is fresh for 30 s: only the change can make it stale.
    await app.go('/home');
    await vi.waitFor(() => expect(app.home.dashboard.requests).toHaveLength(2));
  });

  test('one customer list for every picker: read by the deal form, it serves the task form as it is', async () => {
    const app = openWorkspace('/sales/new');
    await settleQueries();
    await userEvent.click(picker());
    await settleQueries();
    expect(pickerNames()).toEqual(['Sem cliente', 'Maria Souza']);
    await userEvent.keyboard('{Escape}');

    await app.go('/tasks/new');
    await userEvent.click(picker());
    await settleQueries();
    expect(pickerNames()).toEqual(['Sem cliente', 'Maria Souza']);
    // Fresh for 30 s and the same shape for both: no second call.
    expect(app.customers.listQueries()).toEqual([{ limit: '100' }]);
  });

  test('a customer renamed on /customers/{id}/edit: the task form’s picker reads the list again', async () => {
    const app = openWorkspace('/tasks/new');
    await settleQueries();
    await userEvent.click(picker());
    await settleQueries();
    expect(pickerNames()).toEqual(['Sem cliente', 'Maria Souza']);
    await userEvent.keyboard('{Escape}');

    await app.go('/customers/c-maria/edit');
    const name = screen.getByLabelText(/^Nome/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Maria Souza Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await settleQueries();
    await vi.waitFor(() => expect(app.url()).toBe('/customers/c-maria'));

    await app.go('/tasks/new');
    await userEvent.click(picker());
    await settleQueries();
    await vi.waitFor(() => expect(pickerNames()).toEqual(['Sem cliente', 'Maria Souza Lima']));
  });
});
