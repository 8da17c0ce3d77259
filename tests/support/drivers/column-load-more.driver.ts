import {
  type ColumnLoadMoreScreen,
  type ColumnLoadMoreUserAction,
  LOAD_MORE_STAGE,
  planColumnLoadMoreStep,
} from '../../../machines/column-load-more/column-load-more.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The column-load-more chart's driver ("Carregar mais" under a column of /sales), written once for
 * jsdom and Chromium. The layer opens the board on a column a page and one deal long, and answers
 * the held page.
 */
export interface ColumnLoadMoreLayer {
  open(action: Extract<ColumnLoadMoreUserAction, { do: 'open' }>): Promise<void>;
  answer(action: Extract<ColumnLoadMoreUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenColumn {
  cards: number;
  button: { label: string; disabled: boolean } | null;
  error: string | null;
}

/** What the column `stageName` shows (runs in the page: only its argument and the DOM). */
function readColumn(document: Document, stageName: string): SeenColumn | null {
  const column = [...document.querySelectorAll('.sales-board [data-stage-id]')].find(
    (c) => c.querySelector('.board-column__name')?.textContent === stageName,
  );
  if (!column) return null;
  const button = column.querySelector<HTMLButtonElement>('.board-column__more');
  return {
    cards: column.querySelectorAll('[data-deal-id]').length,
    button: button ? { label: button.textContent ?? '', disabled: button.disabled } : null,
    error: column.querySelector('[role="alert"]')?.textContent ?? null,
  };
}

function mismatches(screen: ColumnLoadMoreScreen, seen: SeenColumn | null): string[] {
  if (!seen) return [`no column "${LOAD_MORE_STAGE}" on the board`];
  return [
    ...differs('the cards', seen.cards, screen.cards),
    ...differs('"Carregar mais"', seen.button, screen.button),
    ...differs('the error', seen.error, screen.error),
  ];
}

export function columnLoadMoreDriver(ui: UiSurface, layer: ColumnLoadMoreLayer) {
  const perform = async (action: ColumnLoadMoreUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planColumnLoadMoreStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planColumnLoadMoreStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readColumn, LOAD_MORE_STAGE),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function columnLoadMoreExpectation(path: ChartPath, index: number): string {
  const { screen } = planColumnLoadMoreStep(path as never, index);
  return [
    `"${LOAD_MORE_STAGE}" com ${screen.cards} vendas`,
    screen.button
      ? `botão "${screen.button.label}"${screen.button.disabled ? ' bloqueado' : ''}`
      : 'sem "Carregar mais"',
    screen.error && `o erro "${screen.error}"`,
  ]
    .filter(Boolean)
    .join('; ');
}
