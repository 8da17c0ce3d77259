import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_NAME,
  confirmDeletePathModel,
  DELETE_BROKEN_TEXT,
} from '../../machines/confirm-delete/confirm-delete.paths';
import { formTask } from '../../machines/task-form/task-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type ConfirmDeleteLayer, confirmDeleteDriver } from '../support/drivers/confirm-delete.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers } from './support/customers-api';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes } from './support/tasks-api';

const paths = generatePaths(confirmDeletePathModel);
const ana = customer({ id: 'c-ana', name: CUSTOMER_NAME, phone: '5511987654321' });
const task = formTask();

/** The customer's page on the fake customers server, its delete held until a step answers it. */
function customerLayer(opened: (app: ReturnType<typeof openSignedIn>) => void): ConfirmDeleteLayer {
  const server = fakeCustomersServer({ customers: [ana] });
  let held = server.hold('delete');
  return {
    async open(action) {
      opened(openSignedIn(this.address(action.url), { routes: [server.routes] }));
      await settleCustomers(server);
    },
    address: (planned) => planned.replace('{id}', ana.id),
    async answer(action) {
      for (let round = 0; round < 100 && held.waiting === 0; round++) await settleQueries(1);
      expect(held.waiting, 'a delete waited').toBe(1);
      expect(server.requests.delete.at(-1)?.url).toMatch(new RegExp(`${this.address(action.call)}$`));
      if (action.status === 500) server.failNext('delete', failed(500, DELETE_BROKEN_TEXT));
      // The next delete is held too (release lets go of what waits now, then stops holding).
      held.release();
      held = server.hold('delete');
      await settleQueries();
    },
  };
}

/** The task's delete page on the fake task routes, its delete held until a step answers it. */
function taskLayer(opened: (app: ReturnType<typeof openSignedIn>) => void): ConfirmDeleteLayer {
  const tasks = fakeTaskRoutes({ detail: ok({ task, showNubankWidget: false }) });
  return {
    async open(action) {
      opened(openSignedIn(this.address(action.url), { routes: [tasks.routes] }));
      await settleQueries();
    },
    address: (planned) => planned.replace('{id}', task.id),
    async answer(action) {
      expect(new URL(tasks.remove.requests.at(-1)!.url).pathname).toBe(this.address(action.call));
      const reply = action.status === 500 ? failed(500, DELETE_BROKEN_TEXT) : ok({ deleted: true as const });
      expect(tasks.remove.answer(reply), 'a delete waited').toBe(1);
      await settleQueries();
    },
  };
}

describe('deletes asked first: chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const opened = (made: ReturnType<typeof openSignedIn>) => {
        app = made;
      };
      const layer = path.scenario.name === 'page' ? taskLayer(opened) : customerLayer(opened);
      const driver = confirmDeleteDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(confirmDeletePathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
