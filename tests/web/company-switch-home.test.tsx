import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { listMyCompaniesContract, switchCompanyContract } from '../../contracts/team';
import {
  companyOptionLabel,
  companySwitchTexts,
  currentCompany,
  myCompanies,
  otherCompany,
} from '../../machines/company-switch/company-switch.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { dashboardData, fakeHomeRoutes, whatsappState } from './support/home-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

describe('the company switcher on /home', () => {
  withPagesPreloaded();
  beforeAll(() => import('../../src/app/shell/CompanySwitcher'));

  it('after the switch, the page already open shows the other company, not the one she left', async () => {
    // A server that remembers Carla's current company and answers the dashboard for it.
    let current = currentCompany.id;
    const dashboard = new HeldCalls(() =>
      ok(dashboardData({ companyName: myCompanies.find((c) => c.id === current)!.name })),
    );
    const routes: FakeRoutes = (request) => {
      const { pathname } = new URL(request.url);
      if (request.method === 'GET' && pathname === '/api/dashboard') return dashboard.receive(request);
      if (request.method === 'GET' && pathname === listMyCompaniesContract.url)
        return new HeldCalls(
          ok({ companies: myCompanies.map((c) => ({ ...c, current: c.id === current })) }),
        ).receive(request);
      if (request.method === 'PUT' && pathname === switchCompanyContract.url) {
        current = otherCompany.id;
        return new HeldCalls(ok({ currentCompanyId: current, role: otherCompany.role })).receive(request);
      }
      return undefined;
    };
    const app = openSignedIn('/home', {
      session: sessionCheckAnswer({ role: 'staff', companyCount: 2 }),
      routes: [routes, fakeHomeRoutes({ whatsapp: ok(whatsappState()) }).routes],
    });
    await settleQueries();
    await screen.findByText(currentCompany.name);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: companySwitchTexts.open }));
    await user.click(await screen.findByRole('button', { name: companyOptionLabel(otherCompany) }));

    await waitFor(() => expect(screen.queryByText(otherCompany.name)).not.toBeNull());
    expect(screen.queryByText(currentCompany.name)).toBeNull();
    expect(dashboard.requests.length).toBe(2);
    app.unmount();
  });
});
