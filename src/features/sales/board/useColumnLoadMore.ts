import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AssigneeFilter } from '../../../../contracts/activity';
import { BOARD_COLUMN_PAGE_SIZE, type SalesBoard } from '../../../../contracts/sales';
import {
  columnLoadMoreMachine,
  type StagePage,
} from '../../../../machines/column-load-more/column-load-more.machine';
import { salesQueryKeys } from '../sales-board-query';
import { boardWithStagePage } from './board-cache';
import { fetchStagePage } from './board-pages';

/**
 * The column-load-more chart of one column of the board of `assignee` ("Minhas" or everyone's): its
 * next page of the same deals asked for, then put into that board's cache.
 */
export function useColumnLoadMore(stageId: string, assignee: AssigneeFilter) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    columnLoadMoreMachine.provide({
      actors: {
        loadPage: fromPromise<StagePage, { stageId: string; cursor: string }>(({ input, signal }) =>
          fetchStagePage(input.stageId, input.cursor, BOARD_COLUMN_PAGE_SIZE, assignee, signal),
        ),
      },
      actions: {
        addPage: (_, { stageId: column, page }) =>
          queryClient.setQueryData<SalesBoard>(salesQueryKeys.board(assignee), (board) =>
            board ? boardWithStagePage(board, column, page) : board,
          ),
      },
    }),
  );
  return useActorRef(machine, { input: { stageId } });
}
