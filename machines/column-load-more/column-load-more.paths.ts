import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { BOARD_COLUMN_PAGE_SIZE } from '../../contracts/sales';
import type { PathScenario } from '../../tests/support/chart-paths';
import {
  type ColumnLoadMoreEvent,
  columnLoadMoreMachine,
  LOAD_MORE_FAILED_TEXT,
} from './column-load-more.machine';

/**
 * The column-load-more chart's path model ("Carregar mais" under a column of /sales), and per step
 * what to do in the running app and what the owner must see (`planColumnLoadMoreStep`). The column
 * "Novo contato" holds one deal more than a page: the board shows a page, "Carregar mais" the rest.
 */

export type ColumnLoadMoreSnapshot = SnapshotFrom<typeof columnLoadMoreMachine>;

export const LOAD_MORE_STAGE = 'Novo contato';
/** The column's deals: a page and one more. */
export const LOAD_MORE_DEALS = BOARD_COLUMN_PAGE_SIZE + 1;
export const dealTitle = (n: number) => `Encomenda ${String(n).padStart(2, '0')}`;
const FIRST_CURSOR = 'cursor-page-1';

const pageBroken = Object.assign(new Error('Falha interna.'), { status: 500 });
const lastPage = {
  deals: [],
  pageInfo: { hasNextPage: false, endCursor: null },
};

export const columnLoadMoreScenarios: PathScenario<{ stageId: string }>[] = [
  {
    name: 'long column',
    summary: `The owner opens /sales: "${LOAD_MORE_STAGE}" shows ${BOARD_COLUMN_PAGE_SIZE} of its ${LOAD_MORE_DEALS} deals`,
    input: { stageId: 'st-novo' },
  },
];

export const columnLoadMorePathModel = {
  chart: 'column-load-more',
  title: '/sales: "Carregar mais" under a column, and a page that does not come',
  machine: columnLoadMoreMachine,
  scenarios: columnLoadMoreScenarios,

  events(snapshot: ColumnLoadMoreSnapshot): ColumnLoadMoreEvent[] {
    // Once the last page is in, the button is gone.
    if (snapshot.context.pages > 0) return [];
    return [{ type: 'LOAD', cursor: FIRST_CURSOR }];
  },

  actors: [{ id: 'loadPage', src: 'loadPage', outputs: [lastPage], errors: [pageBroken] }],

  serializeState(snapshot: ColumnLoadMoreSnapshot): string {
    return `${String(snapshot.value)} · ${snapshot.context.pages} more page(s)`;
  },

  describeState(snapshot: ColumnLoadMoreSnapshot): string {
    if (snapshot.matches('loading')) return '"Carregando...": the button waits';
    if (snapshot.matches('failed'))
      return `${BOARD_COLUMN_PAGE_SIZE} deals, "Carregar mais" and "${LOAD_MORE_FAILED_TEXT}"`;
    return snapshot.context.pages > 0
      ? `all ${LOAD_MORE_DEALS} deals, no "Carregar mais"`
      : `${BOARD_COLUMN_PAGE_SIZE} deals and "Carregar mais"`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'LOAD':
        return `The owner presses "Carregar mais" under "${LOAD_MORE_STAGE}"`;
      case 'xstate.done.actor.loadPage':
        return 'The server sends the last page';
      default:
        return `The server answers ${(event as { error?: { status?: number } }).error?.status}`;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type ColumnLoadMoreUserAction =
  /** Opens /sales, the column holding `deals` deals. */
  | { do: 'open'; deals: number }
  | { do: 'click'; button: string }
  /** The held page's answer: the real server's, or the 500 served in its place. */
  | { do: 'answer'; status: 200 | 500; body?: unknown };

export interface ColumnLoadMoreScreen {
  /** How many cards the column shows. */
  cards: number;
  /** "Carregar mais" (label, and whether it waits), or null when gone. */
  button: { label: string; disabled: boolean } | null;
  error: string | null;
}

export interface ColumnLoadMoreStepPlan {
  actions: ColumnLoadMoreUserAction[];
  screen: ColumnLoadMoreScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: ColumnLoadMoreSnapshot }>;
}

/** What to do at step `index` of a column-load-more path, and what the owner must then see. */
export function planColumnLoadMoreStep(path: PlannablePath, index: number): ColumnLoadMoreStepPlan {
  const { event, state } = path.steps[index]!;
  const actions: ColumnLoadMoreUserAction[] =
    event.type === 'xstate.init'
      ? [{ do: 'open', deals: LOAD_MORE_DEALS }]
      : event.type === 'LOAD'
        ? [{ do: 'click', button: `Carregar mais vendas em ${LOAD_MORE_STAGE}` }]
        : event.type === 'xstate.done.actor.loadPage'
          ? [{ do: 'answer', status: 200 }]
          : [
              {
                do: 'answer',
                status: 500,
                body: { success: false, error: 'Falha interna.', code: 'INTERNAL_ERROR' },
              },
            ];
  const all = state.context.pages > 0;
  return {
    actions,
    screen: {
      cards: all ? LOAD_MORE_DEALS : BOARD_COLUMN_PAGE_SIZE,
      button: all
        ? null
        : state.matches('loading')
          ? { label: 'Carregando...', disabled: true }
          : { label: 'Carregar mais', disabled: false },
      error: state.matches('failed') ? LOAD_MORE_FAILED_TEXT : null,
    },
  };
}
