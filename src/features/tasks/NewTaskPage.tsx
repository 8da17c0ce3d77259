import { useState } from 'react';
import { newTaskValues } from '../../../machines/task-form/task-form.values';
import { PageHeading } from '../../app/routing/PageHeading';
import { TaskFormScreen } from './TaskFormScreen';
import { useTaskPaths } from './task-prefix';
import './tasks.css';

/** /tasks/new and /home/new (spec §2, "Nova tarefa"): a blank form due at the next full hour. */
export default function NewTaskPage() {
  const paths = useTaskPaths();
  const [input] = useState(() => ({ taskId: null, values: newTaskValues(new Date()) }));
  return (
    <div className="page page--narrow">
      <PageHeading />
      <TaskFormScreen input={input} listPath={paths.list} cancelTo={paths.list} />
    </div>
  );
}
