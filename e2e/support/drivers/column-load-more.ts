import type { Page } from 'playwright-core';
import { dealTitle, LOAD_MORE_STAGE } from '../../../machines/column-load-more/column-load-more.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type ColumnLoadMoreLayer,
  columnLoadMoreDriver,
  columnLoadMoreExpectation,
} from '../../../tests/support/drivers/column-load-more.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

/** The column's deals made through the real API, in the company's "Novo contato"; its id. */
async function makeColumn(api: ApiCall, deals: number): Promise<string> {
  const { stages } = await api<{ stages: Array<{ id: string; name: string }> }>('GET', '/api/sales/stages');
  const stageId = stages.find((s) => s.name === LOAD_MORE_STAGE)?.id;
  if (!stageId) throw new Error(`the new company has no stage "${LOAD_MORE_STAGE}"`);
  for (let n = 1; n <= deals; n++)
    await api('POST', '/api/sales/deals', {
      title: dealTitle(n),
      valueCents: 10_000,
      customerId: null,
      stageId,
      expectedCloseDate: null,
    });
  return stageId;
}

const PAGE_URL = /\/api\/sales\/stages\/[^/]+\/deals(\?|$)/;

interface Run {
  context: ReplayContext;
  pages: HeldCalls;
  stageId: string | null;
  driver: ReturnType<typeof columnLoadMoreDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, run: () => Run): ColumnLoadMoreLayer {
  return {
    async open(action) {
      const current = run();
      current.stageId = await current.context.once('column-load-more:column', () =>
        makeColumn(apiOf(page, current.context.baseURL), action.deals),
      );
      await page.goto(new URL('/sales', current.context.baseURL).toString());
      await page.locator('.sales-board [data-deal-id]').first().waitFor();
    },
    answer: (action) =>
      run().pages.answerChecked(
        (request) => {
          const { pathname } = new URL(request.url());
          const expected = `/api/sales/stages/${run().stageId}/deals`;
          return pathname === expected ? null : `the app asked for ${pathname}, not ${expected}`;
        },
        // The real server sends the page; the 500 it cannot give on demand is served here.
        action.status === 200 ? 'real-server' : { status: action.status, body: action.body },
      ),
  };
}

/**
 * "Carregar mais" under a column of /sales in Chromium: a fresh account whose "Novo contato" holds
 * a page and one deal more (made through the real API once per run); each page held with page.route
 * until its step lets the real server send it, the failed page a 500 served with page.route.
 */
export const columnLoadMoreBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/sales',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'its "Novo contato" given 21 deals (a page and one) through the real API; each further page held with ' +
    'page.route until its step lets the real server send it, the failed page a 500 served with page.route',
  expectation: columnLoadMoreExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'column-load-more');
    const pages = await HeldCalls.on(page, 'GET', PAGE_URL);
    const run: Run = { context, pages, stageId: null, driver: undefined as never };
    run.driver = columnLoadMoreDriver(
      browserSurface(page),
      layerFor(page, () => run),
    );
    runs.set(page, run);
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
