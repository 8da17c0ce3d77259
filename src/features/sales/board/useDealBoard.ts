import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AssigneeFilter } from '../../../../contracts/activity';
import type { Deal, SalesBoard } from '../../../../contracts/sales';
import { dealBoardMachine, type MoveDealInput } from '../../../../machines/deal-board/deal-board.machine';
import { toast } from '../../../lib/toasts';
import { invalidateDealCaches } from '../deal-caches';
import { salesQueryKeys } from '../sales-board-query';
import { boardWithMovedDeal } from './board-cache';
import { moveDeal } from './move-deal';

/**
 * The deal-board chart with the app's calls: a move shows at once in the board cache (the board of
 * the chart's filter), the server is asked, and the cache is put back (with an error toast) if it
 * refuses.
 */
function boardMachineFor(queryClient: QueryClient) {
  let key: readonly unknown[] = salesQueryKeys.board('all');
  let before: SalesBoard | undefined;
  // The optimistic write waits for a board refetch under way to be cancelled (or it would land on
  // top of the move); the rollback waits for that write.
  let applying: Promise<void> = Promise.resolve();
  return dealBoardMachine.provide({
    actors: {
      moveDeal: fromPromise<Deal, MoveDealInput>(({ input, signal }) => moveDeal(input, signal)),
    },
    actions: {
      applyMove: ({ context }, { deal, target }) => {
        key = salesQueryKeys.board(context.assignee);
        applying = queryClient.cancelQueries({ queryKey: key }).then(() => {
          before = queryClient.getQueryData<SalesBoard>(key);
          if (before) queryClient.setQueryData<SalesBoard>(key, boardWithMovedDeal(before, deal.id, target));
        });
      },
      rollBack: () => {
        void applying.then(() => {
          if (before) queryClient.setQueryData<SalesBoard>(key, before);
        });
      },
      moved: () => {
        void applying.then(() => invalidateDealCaches(queryClient));
      },
    },
  });
}

/**
 * The board's chart, following the address's "Minhas" / "De todos" (a tab, back and forward, a
 * shared link): the chart's filter says which board is shown and moved on.
 */
export function useDealBoard(assignee: AssigneeFilter) {
  const queryClient = useQueryClient();
  const [machine] = useState(() => boardMachineFor(queryClient));
  const actor = useActorRef(machine, { input: { assignee } });
  // A move under way keeps its board: the address is followed again once it has ended.
  const resting = useSelector(actor, (s) => s.matches('resting'));
  useEffect(() => {
    if (resting) actor.send({ type: 'FILTER', assignee });
  }, [actor, assignee, resting]);
  // The chart emits after its step: the toaster (a chart too) is driven from here, not from inside it.
  useLayoutEffect(() => {
    const failed = actor.on('moveFailed', ({ deal, message }) =>
      toast.error(`Não foi possível mover a venda ${deal.title}.`, {
        id: 'deal-move-failed',
        description: message,
      }),
    );
    return () => failed.unsubscribe();
  }, [actor]);
  return actor;
}

export type DealBoardActor = ReturnType<typeof useDealBoard>;
