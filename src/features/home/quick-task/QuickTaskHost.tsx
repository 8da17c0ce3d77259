import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { fromPromise } from 'xstate';
import type { Task } from '../../../../contracts/tasks';
import {
  type CreateQuickTaskInput,
  quickTaskMachine,
} from '../../../../machines/quick-task/quick-task.machine';
import { trackEvent } from '../../../lib/analytics/track-event';
import { invalidateAfter } from '../../../lib/cache/invalidate-after';
import { useChartEvent } from '../../../lib/charts/useChartEvent';
import { toast } from '../../../lib/toasts';
import { createTask } from './create-task';
import { QuickTaskSheet } from './QuickTaskSheet';
import './quick-task.css';
import { randomId } from '../../../lib/random-id';

/** Spec §1: forwarded to the advertising pixel. */
export const QUICK_TASK_OPENED_EVENT = 'create-task bottom sheet opened';
export const TASK_CREATED_EVENT = 'task created';

/**
 * The quick-add chart (machines/quick-task) and its sheet. Mounted at the first press of "+" and
 * kept, so a closed sheet's draft waits for the next opening; each press (`opens` counts them)
 * opens it.
 */
export function QuickTaskHost({ opens, fab }: { opens: number; fab: RefObject<HTMLButtonElement | null> }) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    quickTaskMachine.provide({
      actors: {
        createTask: fromPromise<Task, CreateQuickTaskInput>(({ input, signal }) => createTask(input, signal)),
      },
      actions: {
        opened: () => trackEvent(QUICK_TASK_OPENED_EVENT),
        created: (_, task) => {
          trackEvent(TASK_CREATED_EVENT, { source: 'quick-add', withCustomer: task.customer !== null });
          void invalidateAfter(queryClient, 'task');
        },
      },
    }),
  );
  // This sheet's id: the chart keys its submissions with it.
  const [formId] = useState(randomId);
  const actor = useActorRef(machine, { input: { formId } });
  // The chart emits after its step: the toaster (a chart too) is driven from here, not from inside it.
  useChartEvent(actor, 'taskCreated', ({ task }) =>
    toast.success('Tarefa criada.', { id: `task-created-${task.id}` }),
  );
  const open = useSelector(
    actor,
    (snapshot) => snapshot.matches('open') || snapshot.matches('saving') || snapshot.matches('failed'),
  );

  // Each press of "+" (made outside this lazily loaded host) is an OPEN for the chart.
  useEffect(() => {
    if (opens > 0) actor.send({ type: 'OPEN' });
  }, [opens, actor]);

  // Back to the "+" once the sheet is gone (Safari does not focus a button it clicks).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) fab.current?.focus();
    wasOpen.current = open;
  }, [open, fab]);

  return open ? createPortal(<QuickTaskSheet actor={actor} />, document.body) : null;
}
