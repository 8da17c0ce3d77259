import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesBoard } from '../../contracts/sales';
import { getSalesBoardContract, listStagesContract } from '../../contracts/sales';
import { boardFor, dealBoardPathModel, pathsBoard } from '../../machines/deal-board/deal-board.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type DealBoardLayer, dealBoardDriver } from '../support/drivers/deal-board.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(dealBoardPathModel);

// jsdom has neither PointerEvent nor layout: pointer events are mouse events with a pointer id, and
// the board is laid out by hand (columns 300 px apart, cards 80 px apart from y = 100).
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
    this.isPrimary = init.isPrimary ?? true;
  }
}

const COLUMN_WIDTH = 280;
const COLUMN_STEP = 300;
const CARD_TOP = 100;
const CARD_STEP = 80;
const CARD_HEIGHT = 70;

function rect(left: number, top: number, width: number, height: number): DOMRect {
  return {
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    x: left,
    y: top,
    toJSON: () => ({}),
  };
}

function columns(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.sales-board [data-stage-id]')];
}

function layOutBoard() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const element = this as HTMLElement;
    const column = element.closest<HTMLElement>('[data-stage-id]');
    const c = column ? columns().indexOf(column) : -1;
    if (element.dataset.dealId && column) {
      const i = [...column.querySelectorAll('[data-deal-id]')].indexOf(element);
      return rect(c * COLUMN_STEP, CARD_TOP + i * CARD_STEP, COLUMN_WIDTH, CARD_HEIGHT);
    }
    if (element.dataset.stageId) return rect(c * COLUMN_STEP, 0, COLUMN_WIDTH, 600);
    return rect(0, 0, 0, 0);
  });
  document.elementFromPoint = (x: number) => {
    const column = columns()[Math.floor(x / COLUMN_STEP)];
    return column && x % COLUMN_STEP < COLUMN_WIDTH ? column : document.body;
  };
}

function fakeSalesRoutes() {
  const board = new HeldCalls();
  const move = new HeldCalls();
  const stages = new HeldCalls(ok({ stages: [] }));
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === getSalesBoardContract.url) return board.receive(request);
    if (request.method === 'GET' && pathname === listStagesContract.url) return stages.receive(request);
    if (request.method === 'POST' && /^\/api\/sales\/deals\/[^/]+\/move$/.test(pathname))
      return move.receive(request);
    return undefined;
  };
  return { board, move, routes };
}

/** The server's board is `board`: everyone's deals, or the owner's when asked for "Minhas". */
function serveBoard(sales: ReturnType<typeof fakeSalesRoutes>, board: SalesBoard) {
  sales.board.always((_request, url) =>
    ok(boardFor(board, url.searchParams.get('assignee') === 'me' ? 'me' : 'all')),
  );
}

const dealIdOf = (title: string) =>
  pathsBoard.columns.flatMap((c) => c.deals).find((d) => d.title === title)!.id;
const stageIdOf = (name: string) => pathsBoard.columns.find((c) => c.stage.name === name)!.stage.id;

/** The jsdom side of the driver: the fake API holds each move until the step answers it. */
function jsdomLayer(
  sales: ReturnType<typeof fakeSalesRoutes>,
  opened: (app: ReturnType<typeof openSignedIn>) => void,
): DealBoardLayer {
  let pointer = { clientX: 0, clientY: 0 };
  return {
    async open(board) {
      serveBoard(sales, board);
      opened(openSignedIn('/sales', { routes: [sales.routes] }));
      await settleQueries();
      layOutBoard();
    },
    async pointer(kind, point) {
      pointer =
        point === 'off-board'
          ? kind === 'up'
            ? pointer
            : { clientX: 10 * COLUMN_STEP, clientY: 200 }
          : { clientX: point.x, clientY: point.y };
      if (kind === 'down') {
        fireEvent.pointerDown(cardAt(pointer), { ...pointer, pointerId: 1, button: 0 });
      } else if (kind === 'move') fireEvent.pointerMove(window, { ...pointer, pointerId: 1 });
      else fireEvent.pointerUp(window, { ...pointer, pointerId: 1 });
      await settleQueries();
    },
    async answerMove(move) {
      const call = sales.move.requests.at(-1)!;
      expect(new URL(call.url).pathname).toBe(`/api/sales/deals/${dealIdOf(move.dealTitle)}/move`);
      expect(await call.clone().json()).toEqual({
        stageId: stageIdOf(move.body.stageName),
        index: move.body.index,
      });
      serveBoard(sales, move.boardAfter);
      expect(sales.move.answer({ status: move.status, body: move.reply }), 'a move waited').toBe(1);
      await settleQueries();
    },
  };
}

/** The card under `point` in the hand-made layout. */
function cardAt(point: { clientX: number; clientY: number }): HTMLElement {
  const column = columns()[Math.floor(point.clientX / COLUMN_STEP)]!;
  const cards = [...column.querySelectorAll<HTMLElement>('[data-deal-id]')];
  return cards[Math.floor((point.clientY - CARD_TOP) / CARD_STEP)]!;
}

describe('/sales: deal-board chart paths, as the owner sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.stubGlobal('PointerEvent', FakePointerEvent);
  });
  afterEach(() => {
    // biome-ignore lint/suspicious/noExplicitAny: jsdom has no elementFromPoint; the stub goes away.
    delete (document as any).elementFromPoint;
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const sales = fakeSalesRoutes();
      const driver = dealBoardDriver(
        jsdomSurface({ url: () => app?.url(), open: (url) => act(() => app!.location.navigate(url)) }),
        jsdomLayer(sales, (opened) => {
          app = opened;
        }),
      );
      await walkPath(dealBoardPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
  );
});
