import type { Page } from 'playwright-core';
import { EXPORT_CUSTOMERS_URL } from '../../../contracts/customers';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type CustomerExportLayer,
  customerExportDriver,
  customerExportExpectation,
} from '../../../tests/support/drivers/customer-export.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

/** How long a step waits for the app to send the export it answers (real time). */
interface Run {
  driver: ReturnType<typeof customerExportDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, context: ReplayContext, exports: HeldCalls) {
  const files: string[] = [];
  page.on('download', (download) => files.push(download.suggestedFilename()));
  /** The name the real server gave the last file it made. */
  let served: string | null = null;
  const layer: CustomerExportLayer = {
    async open() {
      await page.goto(new URL('/customers', context.baseURL).toString());
      await page.getByRole('button', { name: 'Exportar', exact: true }).waitFor();
    },
    async answer(action) {
      const route = await exports.next();
      if (action.status === 500) {
        // The real server cannot be made to fail on demand.
        await route.fulfill({ status: 500, json: action.body });
        return;
      }
      // The real server's file, its name read from its own header before the app gets it.
      const response = await route.fetch();
      const disposition = response.headers()['content-disposition'] ?? '';
      served = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
      if (!served) throw new Error(`the export came without a file name (${response.status()})`);
      await route.fulfill({ response });
    },
    fileName: () => served ?? '(no file made)',
    downloads: async () => [...files],
  };
  return layer;
}

/**
 * "Exportar" on /customers in Chromium: a fresh account with one customer made through the real
 * API; each export held with page.route until its step lets the real server make the file or serves
 * the 500.
 */
export const customerExportBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run, ' +
    'with the customer Ana Souza made through the real API; each GET /api/customers/export held with ' +
    'page.route until its step lets the real server make the file (its name dated today), ' +
    'the 500 served with page.route',
  expectation: customerExportExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'customer-export');
    await context.once('customer-export:customer', () =>
      apiOf(page, context.baseURL)('POST', '/api/customers', { name: 'Ana Souza', phone: null }),
    );
    const exports = await HeldCalls.on(page, 'GET', EXPORT_CUSTOMERS_URL);
    runs.set(page, { driver: customerExportDriver(browserSurface(page), layerFor(page, context, exports)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
