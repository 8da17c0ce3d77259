import { describe, expect, it } from 'vitest';
import { customerExportPathModel } from '../../machines/customer-export/customer-export.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type CustomerExportLayer, customerExportDriver } from '../support/drivers/customer-export.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { capturedDownloads } from './support/captured-downloads';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { failed, settleQueries } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(customerExportPathModel);

describe('/customers, "Exportar": chart paths, as the owner sees them', () => {
  withCustomerPagesPreloaded();
  const downloads = capturedDownloads();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const server = fakeCustomersServer({ customers: [customer({ id: 'c-ana', name: 'Ana Souza' })] });
      const held = server.hold('export');
      let app: ReturnType<typeof openSignedIn> | undefined;
      const layer: CustomerExportLayer = {
        async open() {
          app = openSignedIn('/customers', { routes: [server.routes] });
          await settleCustomers(server);
        },
        async answer(action) {
          for (let round = 0; round < 100 && held.waiting === 0; round++) await settleQueries(1);
          expect(held.waiting, 'an export waited').toBe(1);
          if (action.status === 500) server.failNext('export', failed(500, action.body.error));
          held.release();
          await settleCustomers(server);
        },
        // The fake server names the file as the plan does.
        fileName: (planned) => planned,
        downloads: async () => downloads.map((file) => file.name),
      };
      const driver = customerExportDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(customerExportPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
