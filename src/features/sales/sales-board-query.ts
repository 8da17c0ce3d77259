import { queryOptions } from '@tanstack/react-query';
import { BOARD_COLUMN_PAGE_SIZE, getSalesBoardContract } from '../../../contracts/sales';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';

export const salesQueryKeys = {
  all: ['sales'] as const,
  board: ['sales', 'board'] as const,
  deal: (dealId: string) => ['sales', 'deal', dealId] as const,
  stages: ['sales', 'stages'] as const,
};

/** GET sales board, each column's first page (spec §2 /sales prefetch, §8 "No sales board data returned"). */
export const salesBoardQuery = queryOptions({
  queryKey: salesQueryKeys.board,
  queryFn: ({ signal }) =>
    api
      .get(getSalesBoardContract.url, { query: { limit: BOARD_COLUMN_PAGE_SIZE }, signal })
      .then(requireData(missingDataText.salesBoard, getSalesBoardContract.response, (data) => data.columns)),
});
