import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { DealStage } from '../../../../contracts/sales';
import { type RenameInput, stageEditorMachine } from '../../../../machines/stage-editor/stage-editor.machine';
import { useCreateSubmission } from '../../../lib/forms/useCreateSubmission';
import { toast } from '../../../lib/toasts';
import { invalidateDealCaches } from '../deal-caches';
import { salesQueryKeys } from '../sales-board-query';
import { createStage, nameErrorOf, renameStage, reorderStages } from './stage-calls';

/** A call whose failure becomes the words the chart shows (a 400's issue on the name, else the server's text). */
const worded = <T>(call: Promise<T>) =>
  call.catch((failure: unknown) => {
    throw new Error(nameErrorOf(failure));
  });

/**
 * The stage-editor chart with the app's calls: every change refreshes the board and the dashboard;
 * a rename and a new stage say so in a toast; a new stage goes under its submission's
 * Idempotency-Key (the same one again after a lost answer).
 */
export function useStageEditor() {
  const queryClient = useQueryClient();
  const create = useCreateSubmission(createStage);
  // The actor reads the latest submission state (its key depends on what was sent before).
  const submit = useRef(create.submit);
  useLayoutEffect(() => {
    submit.current = create.submit;
  });
  const [machine] = useState(() =>
    stageEditorMachine.provide({
      actors: {
        renameStage: fromPromise<DealStage, RenameInput>(async ({ input }) => {
          const stage = await worded(renameStage(input.stageId, input.name));
          await invalidateDealCaches(queryClient);
          return stage;
        }),
        reorderStages: fromPromise<DealStage[], { stageIds: string[] }>(({ input }) =>
          worded(reorderStages(input.stageIds)),
        ),
        createStage: fromPromise<DealStage, { name: string }>(({ input }) =>
          worded(submit.current(input.name)),
        ),
      },
    }),
  );
  const actor = useActorRef(machine);
  // Emitted after the chart's step: the toaster (a chart too) is told from here, not from inside it.
  useLayoutEffect(() => {
    const subscriptions = [
      actor.on('stageRenamed', ({ stage }) =>
        toast.success(`Etapa renomeada para ${stage.name}.`, { id: `stage-${stage.id}` }),
      ),
      actor.on('stagesReordered', ({ stages }) => {
        queryClient.setQueryData(salesQueryKeys.stages, stages);
        void invalidateDealCaches(queryClient);
      }),
      actor.on('stageAdded', ({ stage }) => {
        toast.success(`Etapa ${stage.name} criada.`, { id: `stage-${stage.id}` });
        void invalidateDealCaches(queryClient);
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, queryClient]);
  return actor;
}

export type StageEditorActor = ReturnType<typeof useStageEditor>;
