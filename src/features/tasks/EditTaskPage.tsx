import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { taskValues } from '../../../machines/task-form/task-form.values';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { LoadError } from '../../ui/load-error/LoadError';
import { TaskFormScreen } from './TaskFormScreen';
import { useTaskPaths } from './task-prefix';
import { followUpIdOf, followUpQuery, taskDetailQuery } from './task-queries';
import { useTaskId } from './useTaskId';
import './tasks.css';

/**
 * /tasks/{taskId}/edit and /home/{taskId}/edit: the form with the task as saved. A task with a
 * follow-up waits for its message too: saving without it would remove it.
 */
export default function EditTaskPage() {
  const taskId = useTaskId();
  const paths = useTaskPaths();
  const detail = useQuery(taskDetailQuery(taskId));
  const followUpId = detail.data ? followUpIdOf(detail.data.task) : null;
  const followUp = useQuery({ ...followUpQuery(followUpId ?? ''), enabled: followUpId !== null });

  let content: ReactNode;
  if (detail.isError) content = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) content = <RouteLoading />;
  else if (followUpId !== null && followUp.isError)
    content = <LoadError error={followUp.error} onRetry={() => void followUp.refetch()} />;
  else if (followUpId !== null && !followUp.data) content = <RouteLoading />;
  else {
    const { task } = detail.data;
    content = (
      <TaskFormScreen
        key={task.id}
        input={{
          taskId: task.id,
          values: taskValues(task, followUpId !== null ? (followUp.data ?? null) : null),
        }}
        listPath={paths.list}
        cancelTo={paths.detail(task.id)}
      />
    );
  }

  return (
    <div className="page page--narrow">
      <h1 className="page-heading">Editar tarefa</h1>
      {content}
    </div>
  );
}
