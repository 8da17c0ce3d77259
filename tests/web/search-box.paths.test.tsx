import { act } from '@testing-library/react';
import { beforeEach, describe, it, vi } from 'vitest';
import { SEARCH_BOX_CUSTOMERS, searchBoxPathModel } from '../../machines/search-box/search-box.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type SearchBoxLayer, searchBoxDriver } from '../support/drivers/search-box.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { FAKE_CLOCK } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes } from './support/tasks-api';

const paths = generatePaths(searchBoxPathModel);

describe('search boxes (the customers list, the customer picker): chart paths, as the owner sees them', () => {
  withPagesPreloaded();
  withCustomerPagesPreloaded();
  beforeEach(() => {
    // The pause after typing is timed on the app's clock. Testing Library drains what an event
    // started on a setTimeout of 0, which it only runs on a fake clock it knows (jest's name).
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // The customers API searching the paths' customers; the task form's other calls for the picker.
      const server = fakeCustomersServer({
        customers: SEARCH_BOX_CUSTOMERS.map((name, i) =>
          customer({ id: `c-${i + 1}`, name, phone: null, email: null }),
        ),
      });
      let app: ReturnType<typeof openSignedIn> | undefined;
      const layer: SearchBoxLayer = {
        async open(action) {
          const url = action.scenario === 'picker' ? '/tasks/new' : '/customers';
          app = openSignedIn(url, { routes: [server.routes, fakeTaskRoutes().routes] });
          await settleCustomers(server);
          if (action.scenario === 'picker') {
            await ui.click({ role: 'combobox', name: 'Cliente' });
            await settleCustomers(server);
          }
        },
        async go(url) {
          act(() => app!.location.navigate(url));
          await settleCustomers(server);
        },
      };
      // Settling waits for the customers calls a search started, however loaded the machine is, and
      // lets a millisecond pass: a timer set while the fake clock runs waits at least that long, and
      // TanStack Query tells the list its answer on one. Far from the 300 ms the box waits.
      const ui = {
        ...jsdomSurface({ url: () => app?.url() }),
        async settle() {
          await settleCustomers(server);
          await act(() => vi.advanceTimersByTimeAsync(1));
          await settleCustomers(server);
        },
      };
      const driver = searchBoxDriver(ui, layer);
      await walkPath(searchBoxPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
