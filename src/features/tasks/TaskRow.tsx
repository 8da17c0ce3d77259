import { recurrenceLabels, type Task } from '../../../contracts/tasks';
import { Link } from '../../lib/routing/Link';
import { useTaskCompletion } from '../../lib/tasks/useTaskCompletion';
import { formatDue } from './task-dates';
import { TaskIcon } from './task-icons';
import { followUpIdOf } from './task-queries';

/**
 * One task of a list: the checkbox completes or reopens it; the rest opens it. Shows when it is
 * due, for whom, and whether it repeats or carries a follow-up message.
 */
export function TaskRow({ task, href }: { task: Task; href: string }) {
  const completion = useTaskCompletion(task);
  const done = completion.isPending ? completion.variables.done : task.status === 'completed';
  const repeats = task.recurrence !== 'none';
  const withFollowUp = followUpIdOf(task) !== null;

  return (
    <li className={`task-row${done ? ' task-row--done' : ''}`}>
      <input
        type="checkbox"
        className="task-row__check"
        aria-label={`Concluir ${task.title}`}
        checked={done}
        disabled={completion.isPending}
        onChange={(event) => completion.mutate({ done: event.target.checked })}
      />
      <Link to={href} className="task-row__main">
        <span className="task-row__title">{task.title}</span>
        <span className="task-row__meta">
          <time
            dateTime={task.dueAt}
            className={task.overdue ? 'task-row__due task-row__due--late' : 'task-row__due'}
          >
            {formatDue(task.dueAt)}
          </time>
          {task.customer ? <span className="task-row__customer">{task.customer.name}</span> : null}
          {repeats ? <TaskIcon name="repeat" label={`Repete: ${recurrenceLabels[task.recurrence]}`} /> : null}
          {withFollowUp ? <TaskIcon name="message" label="Com mensagem de follow-up" /> : null}
        </span>
      </Link>
    </li>
  );
}
