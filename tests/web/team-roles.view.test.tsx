import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { getCompanyInfoContract } from '../../contracts/company';
import type { Role } from '../../contracts/roles';
import { createServiceContract, updateServiceContract } from '../../contracts/services';
import { paidSubscription } from '../../machines/checkout/renewal.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { NO_ACCESS_TEXT } from '../../src/app/errors/NoAccessView';
import { appRoutes } from '../../src/app/routing/routes';
import { OWNER_RENEWS_TEXT, OWNER_RENEWS_TITLE } from '../../src/features/paywall/PaywallPage';
import { fakeBillingRoutes } from './support/billing-api';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers } from './support/customers-api';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

/**
 * Issue 15: what a role cannot do is not offered (owner: everything; manager: all but billing and the
 * team; staff: no company data, exports, catalogue or stage edits), and a page the role cannot open
 * says so, with the way back. The server refuses all of it anyway (tests/server/team-roles.test.ts).
 */

// Whole-app renders: a loaded machine (the suite runs two files at a time) needs more than 5 s.
vi.setConfig({ testTimeout: 15_000 });

const ROLES_SEEN: Role[] = ['owner', 'manager', 'staff'];
const as = (role: Role, overrides: Parameters<typeof sessionCheckAnswer>[0] = {}) =>
  sessionCheckAnswer({ role, ...overrides });

const menuTitles = () =>
  within(screen.getByRole('navigation', { name: 'Áreas de configuração' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.settings-menu__title')?.textContent);

describe('each role’s view', () => {
  withPagesPreloaded();

  test.each(ROLES_SEEN)('%s: the settings menu and the subscription card', async (role) => {
    const billing = fakeBillingRoutes({ subscription: ok({ subscription: paidSubscription() }) });
    const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
    openSignedIn('/settings', { session: as(role), routes: [billing.routes, settings.routes] });
    await settleQueries();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Configurações');
    expect(menuTitles().includes('Sobre a empresa')).toBe(role !== 'staff');
    expect(menuTitles()).toContain('Conexão WhatsApp');
    expect(menuTitles()).toContain('Serviços');
    expect(screen.queryByRole('region', { name: 'Assinatura' }) !== null).toBe(role === 'owner');
  });

  test.each(ROLES_SEEN)(
    '%s: the customers list offers the CSV export to managers and owners',
    async (role) => {
      const server = fakeCustomersServer({ customers: [customer({ id: 'c-ana', name: 'Ana Souza' })] });
      openSignedIn('/customers', { session: as(role), routes: [server.routes] });
      await settleCustomers(server, () => screen.queryByText('1 cliente'));
      expect(screen.getByRole('link', { name: 'Novo cliente' })).toBeDefined();
      expect(screen.getByRole('button', { name: 'Importar' })).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Exportar' }) !== null).toBe(role !== 'staff');
    },
  );

  test.each(ROLES_SEEN)(
    '%s: a customer’s page offers the LGPD export and erase to managers and owners',
    async (role) => {
      const server = fakeCustomersServer({ customers: [customer({ id: 'c-ana', name: 'Ana Souza' })] });
      openSignedIn('/customers/c-ana', { session: as(role), routes: [server.routes] });
      await settleCustomers(server, () => screen.queryByRole('heading', { level: 1, name: 'Ana Souza' }));
      const offered = role !== 'staff';
      expect(screen.queryByRole('heading', { name: 'Dados do cliente (LGPD)' }) !== null).toBe(offered);
      expect(screen.queryByRole('button', { name: 'Exportar dados' }) !== null).toBe(offered);
      expect(screen.queryByRole('button', { name: 'Apagar dados' }) !== null).toBe(offered);
      // Everyone still edits the customer.
      expect(screen.getByRole('link', { name: 'Editar' })).toBeDefined();
    },
  );

  test.each(ROLES_SEEN)('%s: the board offers the stage editor to managers and owners', async (role) => {
    openSignedIn('/sales', { session: as(role) });
    await settleQueries();
    expect(screen.getByRole('link', { name: 'Nova venda' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Etapas' }) !== null).toBe(role !== 'staff');
  });

  test.each(ROLES_SEEN)(
    '%s: the services catalogue is read by all, edited by managers and owners',
    async (role) => {
      const list = new HeldCalls(
        ok({
          businessServices: [
            {
              id: 'sv-bolo',
              name: 'Bolo decorado',
              description: null,
              priceCents: 18_990,
              durationMinutes: 90,
              active: true,
              createdAt: '2030-01-01T12:00:00.000Z',
              updatedAt: '2030-01-01T12:00:00.000Z',
            },
          ],
        }),
      );
      const services: FakeRoutes = (request) =>
        request.method === 'GET' && new URL(request.url).pathname === '/api/settings/services'
          ? list.receive(request)
          : undefined;
      openSignedIn('/settings/services', { session: as(role), routes: [services] });
      await settleQueries();
      const shown = screen.getByRole('list', { name: 'Serviços cadastrados' });
      expect(within(shown).getByText('Bolo decorado')).toBeDefined();
      const edits = role !== 'staff';
      expect(screen.queryByRole('link', { name: 'Novo serviço' }) !== null).toBe(edits);
      expect(within(shown).queryAllByRole('link')).toHaveLength(edits ? 1 : 0);
    },
  );

  test('staff opening "Sobre a empresa" directly: "Sem acesso", the address kept, and the way back', async () => {
    const reads: string[] = [];
    const company: FakeRoutes = (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === getCompanyInfoContract.url) reads.push(pathname);
      return undefined;
    };
    const app = openSignedIn('/settings/company-info', { session: as('staff'), routes: [company] });
    await settleQueries();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sem acesso');
    expect(screen.getByText(NO_ACCESS_TEXT)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeDefined();
    expect(app.url()).toBe('/settings/company-info');
    expect(document.title).toMatch(/^Sem acesso/);
    expect(reads, 'the page the role cannot open is not loaded').toEqual([]);
  });

  test.each(['/settings/services/new', '/settings/services/sv-bolo/edit'])(
    'staff opening %s directly: "Sem acesso"',
    async (url) => {
      openSignedIn(url, { session: as('staff') });
      await settleQueries();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sem acesso');
    },
  );

  test('a manager opens "Sobre a empresa"', async () => {
    openSignedIn('/settings/company-info', { session: as('manager') });
    await settleQueries();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sobre a empresa');
  });

  test.each(['manager', 'staff'] as const)(
    '%s of a company whose subscription ended: told to talk to the owner, no plans to buy',
    async (role) => {
      const app = openSignedIn('/customers', { session: as(role, { hasNoCurrentSubscriptionActive: true }) });
      await settleQueries();
      expect(app.url()).toBe('/paywall');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(OWNER_RENEWS_TITLE);
      expect(screen.getByText(OWNER_RENEWS_TEXT)).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Assinar' })).toBeNull();
      expect(screen.queryByRole('radio')).toBeNull();
      expect(screen.getByRole('link', { name: 'Sair' })).toBeDefined();
    },
  );

  test('a staff member on /paywall while the subscription is current goes to the app', async () => {
    const app = openSignedIn('/paywall', { session: as('staff') });
    await settleQueries();
    expect(app.url()).toBe('/home');
  });
});

test('each page route says the least role of the calls it exists for', () => {
  const minRoleOf = (path: string) => appRoutes.find((route) => route.path === path)?.minRole;
  expect(minRoleOf('/settings/company-info')).toBe(getCompanyInfoContract.minRole);
  expect(minRoleOf('/settings/services/new')).toBe(createServiceContract.minRole);
  expect(minRoleOf('/settings/services/:serviceId/edit')).toBe(updateServiceContract.minRole);
  expect(minRoleOf('/settings/services')).toBeUndefined();
});
