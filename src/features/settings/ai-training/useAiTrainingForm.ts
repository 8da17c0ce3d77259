import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AiTrainingVersion, AiTrainingVersionSummary } from '../../../../contracts/ai-training';
import {
  aiTrainingFormMachine,
  type PreviewAnswer,
  type PreviewInput,
  type SaveTrainingInput,
} from '../../../../machines/ai-training-form/ai-training-form.machine';
import { aiTrainingToasts } from '../../../../machines/ai-training-form/ai-training-form.texts';
import { toast } from '../../../lib/toasts';
import {
  listVersions,
  loadTraining,
  loadVersion,
  previewAnswer,
  restoreVersion,
  saveTraining,
} from './ai-training-calls';

/** The AI training chart with the app's calls; saves and restores say so in a toast. */
export function useAiTrainingForm(canEdit: boolean) {
  const [machine] = useState(() =>
    aiTrainingFormMachine.provide({
      actors: {
        loadTraining: fromPromise<AiTrainingVersion | null>(({ signal }) => loadTraining(signal)),
        reloadTraining: fromPromise<AiTrainingVersion | null>(({ signal }) => loadTraining(signal)),
        saveTraining: fromPromise<AiTrainingVersion, SaveTrainingInput>(({ input }) => saveTraining(input)),
        listVersions: fromPromise<AiTrainingVersionSummary[]>(({ signal }) => listVersions(signal)),
        loadVersion: fromPromise<AiTrainingVersion, { version: number }>(({ input, signal }) =>
          loadVersion(input.version, signal),
        ),
        restoreVersion: fromPromise<AiTrainingVersion, { version: number }>(({ input }) =>
          restoreVersion(input.version),
        ),
        preview: fromPromise<PreviewAnswer, PreviewInput>(({ input, signal }) =>
          previewAnswer(input, signal),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { canEdit } });
  useLayoutEffect(() => {
    const subscriptions = [
      actor.on('saved', ({ version }) => toast.success(aiTrainingToasts.saved(version.version))),
      actor.on('restored', ({ version }) =>
        toast.success(aiTrainingToasts.restored(version.restoredFrom ?? 0, version.version)),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor]);
  return actor;
}

export type AiTrainingActor = ReturnType<typeof useAiTrainingForm>;
