import type { SalesBoard } from '../../../contracts/sales';
import {
  type DealBoardScreen,
  type DealBoardUserAction,
  pathsBoard,
  planDealBoardStep,
} from '../../../machines/deal-board/deal-board.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The deal-board chart's driver (moving a deal on /sales), written once for jsdom and Chromium.
 * Deals and stages are found by what the owner reads (titles, stage names): the plan's ids are the
 * paths' own, the real server has others.
 */

/** What only a layer can do: make the server answer, and move a pointer (jsdom has no layout). */
export interface DealBoardLayer {
  /** Opens /sales, the server's board being `board`. */
  open(board: SalesBoard): Promise<void>;
  pointer(kind: 'down' | 'move' | 'up', point: Point | 'off-board'): Promise<void>;
  /** Answers the held move of `dealTitle` (which must carry `body`) with `status` and `reply`. */
  answerMove(move: {
    dealTitle: string;
    body: { stageName: string; index: number };
    status: number;
    reply: unknown;
    boardAfter: SalesBoard;
  }): Promise<void>;
}

export interface Point {
  x: number;
  y: number;
}

const stageNameOf = (stageId: string) =>
  pathsBoard.columns.find((c) => c.stage.id === stageId)?.stage.name ?? stageId;
const titleOf = (dealId: string) =>
  pathsBoard.columns.flatMap((c) => c.deals).find((d) => d.id === dealId)?.title ?? dealId;

interface SeenBoard {
  columns: Array<{ name: string; titles: string[] }>;
  indicator: { stageName: string; index: number } | null;
  lifted: string | null;
  announcement: string | null;
  toast: { type: string | null; title: string | null; description: string | null } | null;
}

/** What the board shows, read from the page (runs in the page: only its arguments and the DOM). */
function readBoard(document: Document): SeenBoard {
  const columns = [...document.querySelectorAll<HTMLElement>('.sales-board [data-stage-id]')];
  const indicator = document.querySelector('[data-drop-indicator]');
  let at: SeenBoard['indicator'] = null;
  if (indicator) {
    const column = indicator.closest<HTMLElement>('[data-stage-id]')!;
    const before = [...column.querySelectorAll<HTMLElement>('[data-deal-id]')].filter(
      (c) =>
        !c.classList.contains('deal-card--lifted') &&
        !c.classList.contains('deal-card--dragged') &&
        c.compareDocumentPosition(indicator) & 4,
    );
    at = { stageName: column.querySelector('.board-column__name')?.textContent ?? '', index: before.length };
  }
  const lifted = document.querySelector('.deal-card--lifted, .deal-card--dragged');
  const toast = document.querySelector('[data-testid="toast-deal-move-failed"]');
  return {
    columns: columns.map((column) => ({
      name: column.querySelector('.board-column__name')?.textContent ?? '',
      titles: [...column.querySelectorAll('[data-deal-id] .deal-card__title')].map(
        (t) => t.textContent ?? '',
      ),
    })),
    indicator: at,
    lifted: lifted?.querySelector('.deal-card__title')?.textContent ?? null,
    announcement: document.querySelector('[data-board-announcement]')?.textContent ?? null,
    toast: toast
      ? {
          type: toast.getAttribute('data-type'),
          title: toast.querySelector('[data-title]')?.textContent ?? null,
          description: toast.querySelector('[data-description]')?.textContent ?? null,
        }
      : null,
  };
}

/** The middle of `title`'s card, a little to the left (where a person grabs it). */
function readCardGrip(document: Document, title: string): Point | null {
  const card = [...document.querySelectorAll<HTMLElement>('.sales-board [data-deal-id]')].find(
    (c) => c.querySelector('.deal-card__title')?.textContent === title,
  );
  if (!card) return null;
  const box = card.getBoundingClientRect();
  return { x: box.left + 40, y: box.top + 20 };
}

/**
 * A point over place `index` of stage `stageName` for the deal `title`: just above the middle of
 * the index-th other card, or just below the last one.
 */
function readPointOver(
  document: Document,
  arg: { stageName: string; index: number; title: string },
): Point | null {
  const column = [...document.querySelectorAll<HTMLElement>('.sales-board [data-stage-id]')].find(
    (c) => c.querySelector('.board-column__name')?.textContent === arg.stageName,
  );
  if (!column) return null;
  const box = column.getBoundingClientRect();
  const middles = [...column.querySelectorAll<HTMLElement>('[data-deal-id]')]
    .filter((card) => card.querySelector('.deal-card__title')?.textContent !== arg.title)
    .map((card) => {
      const r = card.getBoundingClientRect();
      return r.top + r.height / 2;
    });
  const last = middles[middles.length - 1];
  const y =
    arg.index < middles.length ? middles[arg.index]! - 10 : last === undefined ? box.top + 100 : last + 10;
  return { x: box.left + box.width / 2, y };
}

/** Focuses the drag handle of `title`'s card, as Tab would. */
function focusHandle(document: Document, title: string): boolean {
  const handle = document.querySelector<HTMLElement>(`[aria-label="Arrastar a venda ${title}"]`);
  handle?.focus();
  return handle !== null && document.activeElement === handle;
}

/** user-event's key notation in the plan ("{ArrowUp}", " ") as the surface's key names. */
const keyName = (key: string) => (key === ' ' ? 'Space' : key.replace(/^\{(.*)\}$/, '$1'));

function mismatches(screen: DealBoardScreen, seen: SeenBoard): string[] {
  // The plan's stages are the board's first ones; a real board has its won and lost stages after.
  const names = pathsBoard.columns.map((c) => c.stage.name);
  const shown = names.map((name) => seen.columns.find((c) => c.name === name)?.titles ?? null);
  return [
    ...differs('the cards', shown, screen.columns),
    ...differs(
      'the stages in front',
      seen.columns.slice(0, names.length).map((c) => c.name),
      names,
    ),
    ...differs(
      'the drop indicator',
      seen.indicator,
      screen.indicator && { stageName: stageNameOf(screen.indicator.stageId), index: screen.indicator.index },
    ),
    ...differs('the lifted card', seen.lifted, screen.lifted),
    ...differs('the announcement', seen.announcement, screen.announcement),
    ...differs('the toast', seen.toast, screen.toast && { type: 'error', ...screen.toast }),
  ];
}

export function dealBoardDriver(ui: UiSurface, layer: DealBoardLayer) {
  let dragged = '';
  const perform = async (action: DealBoardUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action.board);
      case 'address':
        return ui.open(action.path);
      case 'tab':
        return ui.click({ role: 'link', name: action.label });
      case 'key':
        if (action.focus && !(await ui.read(focusHandle, titleOf(action.focus))))
          throw new Error(`the handle of "${titleOf(action.focus)}" cannot take the focus`);
        return ui.press(keyName(action.key));
      case 'pointer-down': {
        dragged = titleOf(action.dealId);
        const grip = await ui.read(readCardGrip, dragged);
        if (!grip) throw new Error(`no card "${dragged}" on the board`);
        await layer.pointer('down', grip);
        // A little further, so the drag begins.
        return layer.pointer('move', { x: grip.x + 20, y: grip.y });
      }
      case 'pointer-move': {
        if (!action.to) return layer.pointer('move', 'off-board');
        const over = { stageName: stageNameOf(action.to.stageId), index: action.to.index, title: dragged };
        const point = await ui.read(readPointOver, over);
        if (!point) throw new Error(`no stage "${over.stageName}" on the board`);
        return layer.pointer('move', point);
      }
      case 'pointer-up':
        return layer.pointer('up', 'off-board');
      case 'menu':
        await ui.click({ role: 'button', name: `Mover ${action.dealTitle} para…` });
        return ui.click({ role: 'menuitem', name: action.stageName });
      case 'answer-move':
        return layer.answerMove({
          dealTitle: titleOf(action.expect.dealId),
          body: { stageName: stageNameOf(action.expect.body.stageId), index: action.expect.body.index },
          status: action.status,
          reply: action.body,
          boardAfter: action.boardAfter,
        });
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planDealBoardStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planDealBoardStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readBoard, null),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the plan's step says the owner sees, in words (for the replay report). */
export function dealBoardExpectation(path: ChartPath, index: number): string {
  const { screen } = planDealBoardStep(path as never, index);
  const columns = pathsBoard.columns
    .map((c, i) => `${c.stage.name}: ${screen.columns[i]!.join(', ') || '(vazia)'}`)
    .join(' | ');
  return [
    columns,
    screen.lifted && `"${screen.lifted}" levantada`,
    screen.announcement && `anúncio: "${screen.announcement}"`,
    screen.toast && `aviso: "${screen.toast.title}"`,
  ]
    .filter(Boolean)
    .join('; ');
}
