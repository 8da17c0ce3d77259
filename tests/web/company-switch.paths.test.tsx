import { beforeAll, describe, expect, it } from 'vitest';
import { listMyCompaniesContract, switchCompanyContract } from '../../contracts/team';
import {
  type CompanySwitchCall,
  companySwitchPathModel,
} from '../../machines/company-switch/company-switch.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { companySwitchDriver } from '../support/drivers/company-switch.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, settleQueries } from './support/fake-api';
import { fakeHomeRoutes } from './support/home-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(companySwitchPathModel);

describe('the company switcher: chart paths, as a person in two companies sees them', () => {
  withPagesPreloaded();
  // The switcher is its own chunk: loaded up front, as the pages are, so a busy machine's slow
  // first import does not race the first click.
  beforeAll(() => import('../../src/app/shell/CompanySwitcher'));

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s',
    async (_name, path) => {
      const calls: Record<CompanySwitchCall, HeldCalls> = {
        listCompanies: new HeldCalls(),
        switchCompany: new HeldCalls(),
      };
      const routes: FakeRoutes = (request) => {
        const { pathname } = new URL(request.url);
        if (request.method === 'GET' && pathname === listMyCompaniesContract.url)
          return calls.listCompanies.receive(request);
        if (request.method === 'PUT' && pathname === switchCompanyContract.url)
          return calls.switchCompany.receive(request);
        return undefined;
      };
      let app: ReturnType<typeof openSignedIn> | undefined;
      const driver = companySwitchDriver(jsdomSurface({ url: () => app?.url() }), {
        async open() {
          app = openSignedIn('/home', {
            session: sessionCheckAnswer({ role: 'staff', companyCount: 2 }),
            routes: [routes, fakeHomeRoutes().routes],
          });
          await settleQueries();
        },
        async answer(action) {
          const held = calls[action.call];
          for (let round = 0; round < 100 && held.pending === 0; round++) await settleQueries(1);
          const body =
            action.status >= 300
              ? action.body
              : {
                  success: true,
                  data: action.call === 'listCompanies' ? { companies: action.body } : action.body,
                };
          expect(held.answer({ status: action.status, body }), `a ${action.call} call waited`).toBe(1);
          await settleQueries();
        },
      });
      await walkPath(companySwitchPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      if (path.steps.at(-1)?.state.matches('switched')) {
        // The session was checked again after the switch.
        expect(app?.server.session.requests.length).toBeGreaterThan(1);
      }
      app?.unmount();
    },
    30_000,
  );
});
