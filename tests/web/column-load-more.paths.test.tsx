import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMN_PAGE_SIZE,
  type BoardColumn,
  type DealCard,
  type DealStage,
} from '../../contracts/sales';
import {
  columnLoadMorePathModel,
  dealTitle,
  LOAD_MORE_STAGE,
} from '../../machines/column-load-more/column-load-more.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type ColumnLoadMoreLayer, columnLoadMoreDriver } from '../support/drivers/column-load-more.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(columnLoadMorePathModel);
const novo: DealStage = { id: 'st-novo', name: LOAD_MORE_STAGE, position: 0, kind: 'open' };
const CURSOR = 'cur-page-1';

const card = (n: number): DealCard => ({
  id: `d-${n}`,
  title: dealTitle(n),
  valueCents: 10_000,
  stageId: novo.id,
  customer: null,
  assignee: null,
  expectedCloseDate: null,
  stageEnteredAt: '2030-01-10T12:00:00.000Z',
});

/** The board's first page of a column `deals` long, and the page after it held until answered. */
function fakeBoard(deals: number) {
  const shown = Array.from({ length: BOARD_COLUMN_PAGE_SIZE }, (_, i) => card(i + 1));
  const column: BoardColumn = {
    stage: novo,
    deals: shown,
    totalCount: deals,
    totalValueCents: deals * 10_000,
    pageInfo: { hasNextPage: true, endCursor: CURSOR },
  };
  const calls = {
    board: new HeldCalls(ok({ columns: [column] })),
    stagePage: new HeldCalls(),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET') return undefined;
    if (pathname === '/api/sales/board') return calls.board.receive(request);
    if (pathname === `/api/sales/stages/${novo.id}/deals`) return calls.stagePage.receive(request);
    return undefined;
  };
  const rest = Array.from({ length: deals - BOARD_COLUMN_PAGE_SIZE }, (_, i) =>
    card(BOARD_COLUMN_PAGE_SIZE + i + 1),
  );
  return { calls, routes, rest };
}

function jsdomLayer(opened: (app: ReturnType<typeof openSignedIn>) => void): ColumnLoadMoreLayer {
  let board: ReturnType<typeof fakeBoard> | undefined;
  return {
    async open(action) {
      board = fakeBoard(action.deals);
      opened(openSignedIn('/sales', { routes: [board.routes] }));
      await settleQueries();
    },
    async answer(action) {
      const { stagePage, board: boardCalls } = board!.calls;
      for (let round = 0; round < 100 && stagePage.pending === 0; round++) await settleQueries(1);
      expect(new URL(stagePage.requests.at(-1)!.url).searchParams.get('cursor')).toBe(CURSOR);
      const reply =
        action.status === 500
          ? failed(500, 'Falha interna.')
          : ok({ deals: board!.rest, pageInfo: { hasNextPage: false, endCursor: null } });
      expect(stagePage.answer(reply), 'a page waited').toBe(1);
      await settleQueries();
      // Loading a page reads nothing else: the board is the one first read.
      expect(boardCalls.requests).toHaveLength(1);
    },
  };
}

describe('/sales "Carregar mais": column-load-more chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const driver = columnLoadMoreDriver(
        jsdomSurface({ url: () => app?.url() }),
        jsdomLayer((made) => {
          app = made;
        }),
      );
      await walkPath(columnLoadMorePathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    20_000,
  );
});
