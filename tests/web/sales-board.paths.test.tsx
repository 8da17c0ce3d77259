import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSalesBoardContract, listStagesContract } from '../../contracts/sales';
import {
  type DealBoardScreen,
  type DealBoardUserAction,
  dealBoardPathModel,
  planDealBoardStep,
} from '../../machines/deal-board/deal-board.paths';
import type { BoardPosition } from '../../machines/deal-board/deal-board-layout';
import { generatePaths, walkPath } from '../support/chart-paths';
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

/** A point over `to` for the deal `dealId`: between the other cards of that column, or off the board. */
function pointOver(to: BoardPosition | null, dealId: string): { clientX: number; clientY: number } {
  if (!to) return { clientX: 10 * COLUMN_STEP, clientY: 200 };
  const column = columns().find((c) => c.dataset.stageId === to.stageId)!;
  const middles = [...column.querySelectorAll<HTMLElement>('[data-deal-id]')]
    .filter((card) => card.dataset.dealId !== dealId)
    .map((card) => card.getBoundingClientRect().top + CARD_HEIGHT / 2);
  const clientY = to.index < middles.length ? middles[to.index]! - 10 : (middles.at(-1) ?? CARD_TOP) + 10;
  return { clientX: columns().indexOf(column) * COLUMN_STEP + COLUMN_WIDTH / 2, clientY };
}

function card(dealId: string): HTMLElement {
  return document.querySelector<HTMLElement>(`.sales-board [data-deal-id="${dealId}"]`)!;
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

function expectScreen(seen: DealBoardScreen) {
  const shown = columns().map((column) =>
    [...column.querySelectorAll('[data-deal-id] .deal-card__title')].map((title) => title.textContent),
  );
  expect(shown).toEqual(seen.columns);

  const indicators = document.querySelectorAll('[data-drop-indicator]');
  if (!seen.indicator) expect(indicators).toHaveLength(0);
  else {
    expect(indicators).toHaveLength(1);
    const indicator = indicators[0]!;
    const column = indicator.closest<HTMLElement>('[data-stage-id]')!;
    expect(column.dataset.stageId).toBe(seen.indicator.stageId);
    const before = [...column.querySelectorAll<HTMLElement>('[data-deal-id]')].filter(
      (c) =>
        !c.classList.contains('deal-card--lifted') &&
        !c.classList.contains('deal-card--dragged') &&
        c.compareDocumentPosition(indicator) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(before).toHaveLength(seen.indicator.index);
  }

  const lifted = document.querySelector('.deal-card--lifted, .deal-card--dragged');
  expect(lifted?.querySelector('.deal-card__title')?.textContent ?? null).toBe(seen.lifted);
  expect(document.querySelector('[data-board-announcement]')?.textContent).toBe(seen.announcement);

  const toast = document.querySelector('[data-testid="toast-deal-move-failed"]');
  if (!seen.toast) expect(toast).toBeNull();
  else {
    expect(toast?.getAttribute('data-type')).toBe('error');
    expect(toast?.querySelector('[data-title]')?.textContent).toBe(seen.toast.title);
    expect(toast?.querySelector('[data-description]')?.textContent).toBe(seen.toast.description);
  }
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
      let pointer = { clientX: 0, clientY: 0 };
      let dragged = '';
      const perform = async (action: DealBoardUserAction) => {
        switch (action.do) {
          case 'open':
            sales.board.always(ok(action.board));
            app = openSignedIn('/sales', { routes: [sales.routes] });
            await settleQueries();
            layOutBoard();
            return;
          case 'key':
            if (action.focus) {
              const handle = within(card(action.focus)).getByRole('button', { name: /^Arrastar a venda/ });
              act(() => handle.focus());
            }
            await userEvent.keyboard(action.key);
            await settleQueries();
            return;
          case 'pointer-down': {
            dragged = action.dealId;
            const box = card(action.dealId).getBoundingClientRect();
            pointer = { clientX: box.left + 40, clientY: box.top + 20 };
            fireEvent.pointerDown(card(action.dealId), { ...pointer, pointerId: 1, button: 0 });
            pointer = { clientX: pointer.clientX + 20, clientY: pointer.clientY };
            fireEvent.pointerMove(window, { ...pointer, pointerId: 1 });
            await settleQueries();
            return;
          }
          case 'pointer-move':
            pointer = pointOver(action.to, dragged);
            fireEvent.pointerMove(window, { ...pointer, pointerId: 1 });
            await settleQueries();
            return;
          case 'pointer-up':
            fireEvent.pointerUp(window, { ...pointer, pointerId: 1 });
            await settleQueries();
            return;
          case 'menu':
            await userEvent.click(
              within(card(dealIdOf(action.dealTitle))).getByRole('button', {
                name: `Mover ${action.dealTitle} para…`,
              }),
            );
            await userEvent.click(screen.getByRole('menuitem', { name: action.stageName }));
            await settleQueries();
            return;
          case 'answer-move': {
            const call = sales.move.requests.at(-1)!;
            expect(new URL(call.url).pathname).toBe(`/api/sales/deals/${action.expect.dealId}/move`);
            expect(await call.clone().json()).toEqual(action.expect.body);
            sales.board.always(ok(action.boardAfter));
            expect(sales.move.answer({ status: action.status, body: action.body }), 'a move waited').toBe(1);
            await settleQueries();
            return;
          }
        }
      };
      await walkPath(dealBoardPathModel, path, {
        act: async (index) => {
          for (const action of planDealBoardStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(planDealBoardStep(path, index).screen),
      });
      app?.unmount();
    },
  );
});

function dealIdOf(title: string): string {
  const titleElement = [...document.querySelectorAll('.deal-card__title')].find(
    (t) => t.textContent === title,
  )!;
  return titleElement.closest<HTMLElement>('[data-deal-id]')!.dataset.dealId!;
}
