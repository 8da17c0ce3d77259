import type { Page } from 'playwright-core';
import type { SalesBoard } from '../../../contracts/sales';
import { pathsBoard } from '../../../machines/deal-board/deal-board.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type DealBoardLayer,
  dealBoardDriver,
  dealBoardExpectation,
} from '../../../tests/support/drivers/deal-board.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

/** The real ids of the plan's stages and deals in the account's company, by name and title. */
interface BoardIds {
  stages: Map<string, string>;
  deals: Map<string, string>;
}

/** The plan's board made through the real API: its customers and deals in the company's default stages. */
async function makeBoard(api: ApiCall): Promise<BoardIds> {
  const { stages } = await api<{ stages: Array<{ id: string; name: string }> }>('GET', '/api/sales/stages');
  const stageIds = new Map(stages.map((s) => [s.name, s.id]));
  const deals = new Map<string, string>();
  for (const column of pathsBoard.columns) {
    const stageId = stageIds.get(column.stage.name);
    if (!stageId) throw new Error(`the new company has no stage "${column.stage.name}"`);
    for (const deal of column.deals) {
      const customer = deal.customer
        ? (await api<{ customer: { id: string } }>('POST', '/api/customers', { name: deal.customer.name }))
            .customer.id
        : null;
      const made = await api<{ deal: { id: string } }>('POST', '/api/sales/deals', {
        title: deal.title,
        valueCents: deal.valueCents,
        customerId: customer,
        stageId,
        expectedCloseDate: deal.expectedCloseDate,
        // The owner's deals are theirs (the default); the others have nobody, so "Minhas" differs.
        ...(deal.assignee ? {} : { assigneeUserId: null }),
      });
      deals.set(deal.title, made.deal.id);
    }
  }
  return { stages: stageIds, deals };
}

/** Puts every deal back where `board` has it (a path before may have moved one), through the real API. */
async function arrange(api: ApiCall, ids: BoardIds, board: SalesBoard): Promise<void> {
  for (const column of board.columns) {
    for (const [index, deal] of column.deals.entries()) {
      await api('POST', `/api/sales/deals/${ids.deals.get(deal.title)}/move`, {
        stageId: ids.stages.get(column.stage.name),
        index,
      });
    }
  }
}

const MOVE_URL = /\/api\/sales\/deals\/[^/]+\/move$/;

/** Per page: the account's board ids and the moves the page sent, held until a step answers them. */
const runs = new WeakMap<
  Page,
  { ids: BoardIds; moves: HeldCalls; context: ReplayContext; driver: ReturnType<typeof dealBoardDriver> }
>();

function layerFor(page: Page): DealBoardLayer {
  return {
    async open(board) {
      const run = runs.get(page)!;
      await arrange(apiOf(page, run.context.baseURL), run.ids, board);
      await page.goto(new URL('/sales', run.context.baseURL).toString());
      await page.locator('.sales-board [data-deal-id]').first().waitFor();
    },
    async pointer(kind, point) {
      let at = point;
      if (at === 'off-board') {
        // Above the columns, over the page's heading: no stage there.
        const board = await page.locator('.sales-board').boundingBox();
        at = { x: (board?.x ?? 0) + 40, y: Math.max(5, (board?.y ?? 60) - 30) };
      }
      if (kind === 'down') {
        await page.mouse.move(at.x, at.y);
        await page.mouse.down();
      } else if (kind === 'move') await page.mouse.move(at.x, at.y, { steps: 4 });
      else await page.mouse.up();
    },
    async answerMove(move) {
      const run = runs.get(page)!;
      const dealId = run.ids.deals.get(move.dealTitle);
      const body = { stageId: run.ids.stages.get(move.body.stageName), index: move.body.index };
      await run.moves.answerChecked(
        (request) => {
          const sent = request.postDataJSON() as unknown;
          return new URL(request.url()).pathname === `/api/sales/deals/${dealId}/move` &&
            JSON.stringify(sent) === JSON.stringify(body)
            ? null
            : `the move sent ${request.url()} ${JSON.stringify(sent)}, not deal ${dealId} to ${JSON.stringify(body)}`;
        },
        // The real server saves a move; only a failure is served here.
        move.status < 300 ? 'real-server' : { status: move.status, body: move.reply },
      );
    },
  };
}

/**
 * Moves a deal on /sales in Chromium: real pointer and keyboard, the real server saving the moves it
 * lets through; each move is held (page.route) until its step answers it, and the failed save is a
 * 500 served with page.route.
 */
export const dealBoardBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/sales',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'its customers and deals made through the real API and put back in place before each path; each move ' +
    'held with page.route until its step lets the real server save it, the failed save a 500 served with page.route',
  expectation: dealBoardExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'deal-board');
    const api = apiOf(page, context.baseURL);
    const ids = await context.once('deal-board:board', () => makeBoard(api));
    const moves = await HeldCalls.on(page, 'POST', MOVE_URL);
    runs.set(page, { ids, moves, context, driver: dealBoardDriver(browserSurface(page), layerFor(page)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
