import { useQuery } from '@tanstack/react-query';
import type { TaskFilter } from '../../../contracts/tasks';
import { appPaths } from '../../../machines/app-paths';
import { Link } from '../../lib/routing/Link';
import { taskSummaryQuery } from './task-queries';

/** The four filters of spec §4, in the order a person works through them. */
export const filterTabs: ReadonlyArray<{ filter: TaskFilter; label: string }> = [
  { filter: 'today', label: 'Hoje' },
  { filter: 'future', label: 'Futuras' },
  { filter: 'overdue', label: 'Atrasadas' },
  { filter: 'completed', label: 'Concluídas' },
];

/** Today is the default (spec §2), so its address carries no filter. */
export function filterHref(filter: TaskFilter): string {
  return filter === 'today' ? appPaths.tasks : `${appPaths.tasks}?filter=${filter}`;
}

/** The filters as links (the filter lives in the address), each with its count from the summary. */
export function TaskFilterTabs({ current }: { current: TaskFilter }) {
  const summary = useQuery(taskSummaryQuery);
  return (
    <nav className="task-tabs" aria-label="Filtros de tarefas">
      <ul>
        {filterTabs.map(({ filter, label }) => {
          const count = summary.data?.[filter];
          return (
            <li key={filter}>
              <Link
                to={filterHref(filter)}
                className={`task-tabs__tab${filter === 'overdue' && count ? ' task-tabs__tab--late' : ''}`}
                aria-current={filter === current ? 'page' : undefined}
              >
                {label}
                {count === undefined ? null : <span className="task-tabs__count"> {count}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      {summary.isError ? (
        <p className="task-tabs__error" role="alert">
          {summary.error.message}
        </p>
      ) : null}
    </nav>
  );
}
