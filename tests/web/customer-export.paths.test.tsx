import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerExportPathModel } from '../../machines/customer-export/customer-export.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type CustomerExportLayer, customerExportDriver } from '../support/drivers/customer-export.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { failed, settleQueries } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(customerExportPathModel);

/** The names of the files the app hands to the browser's downloads (jsdom has no downloads). */
function capturedDownloads(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:export' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}

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
        downloads: async () => [...downloads],
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
