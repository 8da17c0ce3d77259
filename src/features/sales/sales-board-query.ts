import { queryOptions } from '@tanstack/react-query';
import { BOARD_COLUMN_PAGE_SIZE, getSalesBoardContract, type SalesBoard } from '../../../contracts/sales';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';
import { cacheRoots } from '../../lib/cache/cache-roots';
import { keepLoadedDepth } from './board/board-pages';

export const salesQueryKeys = {
  all: cacheRoots.sales,
  board: [...cacheRoots.sales, 'board'] as const,
  deal: (dealId: string) => [...cacheRoots.sales, 'deal', dealId] as const,
  stages: [...cacheRoots.sales, 'stages'] as const,
};

/** GET sales board, each column's first page (spec §2 /sales prefetch, §8 "No sales board data returned"). */
export const salesBoardQuery = queryOptions({
  queryKey: salesQueryKeys.board,
  queryFn: async ({ signal, client }): Promise<SalesBoard> => {
    const board = await api
      .get(getSalesBoardContract.url, { query: { limit: BOARD_COLUMN_PAGE_SIZE }, signal })
      .then(requireData(missingDataText.salesBoard, getSalesBoardContract.response, (data) => data.columns));
    return keepLoadedDepth(board, client.getQueryData<SalesBoard>(salesQueryKeys.board), signal);
  },
});
