import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { BOARD_COLUMN_PAGE_SIZE, type SalesBoard } from '../../../../contracts/sales';
import {
  columnLoadMoreMachine,
  type StagePage,
} from '../../../../machines/column-load-more/column-load-more.machine';
import { salesQueryKeys } from '../sales-board-query';
import { boardWithStagePage } from './board-cache';
import { fetchStagePage } from './board-pages';

/** The column-load-more chart of one column: its next page asked for, then put into the board cache. */
export function useColumnLoadMore(stageId: string) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    columnLoadMoreMachine.provide({
      actors: {
        loadPage: fromPromise<StagePage, { stageId: string; cursor: string }>(({ input, signal }) =>
          fetchStagePage(input.stageId, input.cursor, BOARD_COLUMN_PAGE_SIZE, signal),
        ),
      },
      actions: {
        addPage: (_, { stageId: column, page }) =>
          queryClient.setQueryData<SalesBoard>(salesQueryKeys.board, (board) =>
            board ? boardWithStagePage(board, column, page) : board,
          ),
      },
    }),
  );
  return useActorRef(machine, { input: { stageId } });
}
