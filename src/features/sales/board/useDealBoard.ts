import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Deal, SalesBoard } from '../../../../contracts/sales';
import { dealBoardMachine, type MoveDealInput } from '../../../../machines/deal-board/deal-board.machine';
import { toast } from '../../../lib/toasts';
import { invalidateDealCaches } from '../deal-caches';
import { salesQueryKeys } from '../sales-board-query';
import { boardWithMovedDeal } from './board-cache';
import { moveDeal } from './move-deal';

/**
 * The deal-board chart with the app's calls: a move shows at once in the board cache, the server
 * is asked, and the cache is put back (with an error toast) if it refuses.
 */
function boardMachineFor(queryClient: QueryClient) {
  const key = salesQueryKeys.board;
  let before: SalesBoard | undefined;
  // The optimistic write waits for a board refetch under way to be cancelled (or it would land on
  // top of the move); the rollback waits for that write.
  let applying: Promise<void> = Promise.resolve();
  return dealBoardMachine.provide({
    actors: {
      moveDeal: fromPromise<Deal, MoveDealInput>(({ input, signal }) => moveDeal(input, signal)),
    },
    actions: {
      applyMove: (_, { deal, target }) => {
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

export function useDealBoard() {
  const queryClient = useQueryClient();
  const [machine] = useState(() => boardMachineFor(queryClient));
  const actor = useActorRef(machine);
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
