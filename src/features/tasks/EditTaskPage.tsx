import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { taskValues } from '../../../machines/task-form/task-form.values';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
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
  const detailOptions = taskDetailQuery(taskId);
  const detail = useQuery(detailOptions);
  const followUpId = detail.data ? followUpIdOf(detail.data.task) : null;
  const followUpOptions = followUpQuery(followUpId ?? '');
  const followUp = useQuery({ ...followUpOptions, enabled: followUpId !== null });

  let content: ReactNode;
  if (detail.isError) content = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data)
    content = (
      <QueryLoading query={detail} queryKey={detailOptions.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
  else if (followUpId !== null && followUp.isError)
    content = <LoadError error={followUp.error} onRetry={() => void followUp.refetch()} />;
  else if (followUpId !== null && !followUp.data)
    content = (
      <QueryLoading query={followUp} queryKey={followUpOptions.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
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
        assignee={task.assignee}
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
