import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Task } from '../../../contracts/tasks';
import {
  type SaveTaskInput,
  type TaskFormInput,
  taskFormMachine,
} from '../../../machines/task-form/task-form.machine';
import { trackEvent } from '../../lib/analytics/track-event';
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
}: {
  input: Omit<TaskFormInput, 'formId'>;
  listPath: string;
  cancelTo: string;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
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
  const form = useActorRef(machine, { input: { ...input, formId } });
  const saved = useSelector(form, (s) => (s.status === 'done' ? s.output : null));
  const creating = input.taskId === null;

  useEffect(() => {
    if (!saved) return;
    if (creating) {
      trackEvent('task created', {
        recurrence: saved.recurrence,
        hasCustomer: saved.customer !== null,
        hasFollowUp: saved.referenceEntityName === 'follow_up_message',
      });
    }
    toast.success(creating ? SAVED_TEXT.create : SAVED_TEXT.edit, { id: 'task-saved' });
    navigate(listPath, { replace: true });
    void invalidateTaskData(queryClient);
  }, [saved, creating, listPath, navigate, queryClient]);

  return <TaskForm form={form} cancelTo={cancelTo} />;
}
