import type { Task, TaskFilter } from '../../../contracts/tasks';
import { appPaths, taskAddress } from '../../../machines/app-paths';
import { Link } from '../../lib/routing/Link';
import { useTaskCompletion } from '../../lib/tasks/useTaskCompletion';
import { taskWhen } from './task-when';

const check = 'm7 12.5 3.2 3.2L17 9';

/** One task: done from here with the round button, opened with the rest of the row. */
function TaskRow({ task }: { task: Task }) {
  const complete = useTaskCompletion(task);
  const done = complete.isSuccess;
  const when = taskWhen(task.dueAt);
  return (
    <li className={done ? 'home-task home-task--done' : 'home-task'}>
      <button
        type="button"
        className="home-task__check"
        aria-label={done ? `"${task.title}" concluída` : `Concluir "${task.title}"`}
        aria-busy={complete.isPending || undefined}
        disabled={complete.isPending || done}
        onClick={() => complete.mutate({ done: true })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d={check} />
        </svg>
      </button>
      <Link to={taskAddress.detail(appPaths.home, task.id)} className="home-task__link">
        <span className="home-task__title">{task.title}</span>
        <span className={task.overdue ? 'home-task__meta home-task__meta--late' : 'home-task__meta'}>
          {task.customer ? `${when} · ${task.customer.name}` : when}
        </span>
      </Link>
    </li>
  );
}

function countText(count: number, filter: 'today' | 'overdue'): string {
  if (filter === 'overdue') return count === 1 ? '1 atrasada' : `${count} atrasadas`;
  return count === 1 ? '1 para hoje' : `${count} para hoje`;
}

/**
 * A group of the home page's tasks (the first few, as the dashboard sends them) and, when there
 * are more, the way to all of them on /tasks.
 */
export function TaskGroup({
  title,
  tasks,
  total,
  filter,
  empty,
}: {
  title: string;
  tasks: readonly Task[];
  total: number;
  filter: Extract<TaskFilter, 'today' | 'overdue'>;
  empty: string;
}) {
  const id = `home-tasks-${filter}`;
  return (
    <section className="home-task-group" aria-labelledby={id}>
      <div className="home-task-group__head">
        <h3 id={id} className="home-task-group__title">
          {title}
        </h3>
        <Link to={`${appPaths.tasks}?filter=${filter}`} className="home-task-group__all">
          {total > tasks.length ? `Ver todas (${total})` : countText(total, filter)}
        </Link>
      </div>
      {tasks.length > 0 ? (
        <ul className="list list--plain">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      ) : (
        <p className="card__text">{empty}</p>
      )}
    </section>
  );
}
