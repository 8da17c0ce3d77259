import { queryOptions } from '@tanstack/react-query';
import type { AssigneeFilter } from '../../../contracts/activity';
import { BOARD_COLUMN_PAGE_SIZE, getSalesBoardContract, type SalesBoard } from '../../../contracts/sales';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';
import { cacheRoots } from '../../lib/cache/cache-roots';
import { keepLoadedDepth } from './board/board-pages';

export const salesQueryKeys = {
  all: cacheRoots.sales,
  /** Every board: the "Minhas" and "De todos" ones. */
  boards: [...cacheRoots.sales, 'board'] as const,
  board: (assignee: AssigneeFilter) => [...cacheRoots.sales, 'board', assignee] as const,
  deal: (dealId: string) => [...cacheRoots.sales, 'deal', dealId] as const,
  stages: [...cacheRoots.sales, 'stages'] as const,
};

/**
 * GET sales board, each column's first page (spec §2 /sales prefetch, §8 "No sales board data
 * returned"): everyone's deals, or only the caller's ("Minhas").
 */
export function salesBoardQuery(assignee: AssigneeFilter) {
  return queryOptions({
    queryKey: salesQueryKeys.board(assignee),
    queryFn: async ({ signal, client }): Promise<SalesBoard> => {
      const board = await api
        .get(getSalesBoardContract.url, {
          query: { limit: BOARD_COLUMN_PAGE_SIZE, assignee: assignee === 'all' ? undefined : assignee },
          signal,
        })
        .then(
          requireData(missingDataText.salesBoard, getSalesBoardContract.response, (data) => data.columns),
        );
      const before = client.getQueryData<SalesBoard>(salesQueryKeys.board(assignee));
      return keepLoadedDepth(board, before, assignee, signal);
    },
  });
}
