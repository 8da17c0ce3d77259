import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type ConfirmDeleteInput,
  confirmDeleteMachine,
} from '../../../machines/confirm-delete/confirm-delete.machine';
import { useChartEvent } from '../charts/useChartEvent';
import { useChartNavigation } from '../navigation/useChartNavigation';

export interface ConfirmDeleteOptions extends ConfirmDeleteInput {
  /** The delete call; rejects with the failure whose message is shown (the server's words). */
  remove: () => Promise<unknown>;
  /** The toast and the caches: what the app does once deleted. */
  onDeleted: () => void;
}

/**
 * Runs the confirm-delete chart for one thing to delete: its call and what follows are the
 * caller's, where the app goes is the chart's. The view renders `useConfirmDeleteView`.
 */
export function useConfirmDelete(options: ConfirmDeleteOptions) {
  // The call and what follows read the latest render's values (a task's follow-up loads later).
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [machine] = useState(() =>
    confirmDeleteMachine.provide({
      actors: { remove: fromPromise(() => latest.current.remove()) },
    }),
  );
  const { asked, doneTo, replace } = options;
  const chart = useActorRef(machine, { input: { asked, doneTo, replace } });
  useChartEvent(chart, 'deleted', () => latest.current.onDeleted());
  useChartNavigation(chart);
  return chart;
}

export type ConfirmDeleteActor = ReturnType<typeof useConfirmDelete>;

/** What a delete renders, each piece selected on its own. */
export function useConfirmDeleteView(chart: ConfirmDeleteActor) {
  const asking = useSelector(chart, (s) => !s.matches('idle'));
  // Once deleted the screen is leaving (or the row going): the button keeps saying so.
  const pending = useSelector(chart, (s) => s.matches('deleting') || s.matches('deleted'));
  const failed = useSelector(chart, (s) => s.matches('failed'));
  /** Done, and the screen stays (no `doneTo`): the view says what happened instead of asking. */
  const done = useSelector(chart, (s) => s.matches('deleted'));
  const error = useSelector(chart, (s) => s.context.error);
  return {
    asking,
    pending,
    failed,
    done,
    error,
    ask: () => chart.send({ type: 'ASK' }),
    confirm: () => chart.send({ type: 'CONFIRM' }),
    cancel: () => chart.send({ type: 'CANCEL' }),
  };
}

export type ConfirmDeleteView = ReturnType<typeof useConfirmDeleteView>;
