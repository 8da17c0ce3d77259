import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Person } from '../../../contracts/activity';
import type { Task } from '../../../contracts/tasks';
import {
  type SaveTaskInput,
  type TaskFormInput,
  taskFormMachine,
} from '../../../machines/task-form/task-form.machine';
import { trackEvent } from '../../lib/analytics/track-event';
import { useChartNavigation } from '../../lib/navigation/useChartNavigation';
import { randomId } from '../../lib/random-id';
import { toast } from '../../lib/toasts';
import { TaskForm } from './TaskForm';
import { saveTask } from './task-commands';
import { invalidateTaskData } from './task-invalidation';

export const SAVED_TEXT = { create: 'Tarefa criada.', edit: 'Alterações salvas.' } as const;

/**
 * Runs the task-form chart with the real save, and once it is saved: the analytics event (a new
 * task), a toast, fresh task data, and back to the list the form was opened from.
 */
export function TaskFormScreen({
  input,
  listPath,
  cancelTo,
  assignee,
}: {
  input: Omit<TaskFormInput, 'formId' | 'backTo'>;
  listPath: string;
  cancelTo: string;
  /** The task's assignee as saved; undefined for a new task. */
  assignee?: Person | null;
}) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    taskFormMachine.provide({
      actors: {
        saveTask: fromPromise<Task, SaveTaskInput>(({ input: call, signal }) =>
          saveTask(call.taskId, call.body, call.idempotencyKey, signal),
        ),
      },
    }),
  );
  // This opening of the form: the chart keys its submissions with it.
  const [formId] = useState(randomId);
  const form = useActorRef(machine, { input: { ...input, formId, backTo: listPath } });
  const creating = input.taskId === null;
  // Once saved the chart emits `taskSaved` (said here: analytics, toast, fresh data), then where to go.
  useLayoutEffect(() => {
    const saved = form.on('taskSaved', ({ task }) => {
      if (creating) {
        trackEvent('task created', {
          recurrence: task.recurrence,
          hasCustomer: task.customer !== null,
          hasFollowUp: task.referenceEntityName === 'follow_up_message',
        });
      }
      toast.success(creating ? SAVED_TEXT.create : SAVED_TEXT.edit, { id: 'task-saved' });
      void invalidateTaskData(queryClient);
    });
    return () => saved.unsubscribe();
  }, [form, creating, queryClient]);
  useChartNavigation(form);

  return <TaskForm form={form} cancelTo={cancelTo} assignee={assignee} />;
}
