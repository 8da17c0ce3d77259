import { assign, fromPromise, setup } from 'xstate';
import type { PageInfo } from '../../contracts/pagination';
import type { DealCard } from '../../contracts/sales';

/** The words below a column's "Carregar mais" when its next page did not come. */
export const LOAD_MORE_FAILED_TEXT = 'Não foi possível carregar mais vendas. Tente de novo.';

export interface StagePage {
  deals: DealCard[];
  pageInfo: PageInfo;
}

export interface ColumnLoadMoreContext {
  stageId: string;
  /** How many further pages this column loaded here. */
  pages: number;
}

export type ColumnLoadMoreEvent =
  /** "Carregar mais": the page after `cursor` (the column's last one; null when there is none). */
  { type: 'LOAD'; cursor: string | null };

/**
 * "Carregar mais" under one column of the sales board: `idle` → `loading` (invoke `loadPage` for the
 * page after the column's cursor) → `idle`, the page added to the board by the app's provided
 * `addPage`, or `failed` ("Não foi possível carregar mais vendas. Tente de novo."; "Carregar mais"
 * tries again). Whether there is a next page is the board's (its page info), not the chart's.
 */
export const columnLoadMoreMachine = setup({
  types: {
    context: {} as ColumnLoadMoreContext,
    events: {} as ColumnLoadMoreEvent,
    input: {} as { stageId: string },
  },
  actors: {
    loadPage: fromPromise<StagePage, { stageId: string; cursor: string }>(async () => {
      throw new Error('No way to load a page was provided');
    }),
  },
  actions: {
    /** The page into the board (its cache): the app's. */
    addPage: (_, _params: { stageId: string; page: StagePage }) => {},
  },
  guards: {
    hasCursor: ({ event }) => event.cursor !== null,
  },
}).createMachine({
  id: 'columnLoadMore',
  context: ({ input }) => ({ stageId: input.stageId, pages: 0 }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The column\'s deals, "Carregar mais" when the board says more are left.',
      on: { LOAD: { guard: 'hasCursor', target: 'loading' } },
    },
    loading: {
      description: '"Carregando...": the button waits.',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context, event }) => ({
          stageId: context.stageId,
          cursor: (event as ColumnLoadMoreEvent).cursor!,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ pages: ({ context }) => context.pages + 1 }),
            {
              type: 'addPage',
              params: ({ context, event }) => ({ stageId: context.stageId, page: event.output }),
            },
          ],
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The deals loaded so far, "Carregar mais" again and why it did not come.',
      on: { LOAD: { guard: 'hasCursor', target: 'loading' } },
    },
  },
});
