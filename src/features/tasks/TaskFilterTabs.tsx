import { useQuery } from '@tanstack/react-query';
import type { AssigneeFilter } from '../../../contracts/activity';
import type { TaskFilter } from '../../../contracts/tasks';
import { appPaths } from '../../../machines/app-paths';
import { Link } from '../../lib/routing/Link';
import { AssigneeTabs } from '../../lib/team/AssigneeTabs';
import '../../styles/tabs.css';
import { taskSummaryQuery } from './task-queries';

/** The four filters of spec §4, in the order a person works through them. */
export const filterTabs: ReadonlyArray<{ filter: TaskFilter; label: string }> = [
  { filter: 'today', label: 'Hoje' },
  { filter: 'future', label: 'Futuras' },
  { filter: 'overdue', label: 'Atrasadas' },
  { filter: 'completed', label: 'Concluídas' },
];

/**
 * Today and everyone's are the defaults (spec §2), so their address carries neither: a reload keeps
 * what the address says.
 */
export function filterHref(filter: TaskFilter, assignee: AssigneeFilter = 'all'): string {
  const search = new URLSearchParams();
  if (filter !== 'today') search.set('filter', filter);
  if (assignee !== 'all') search.set('assignee', assignee);
  const query = search.toString();
  return query ? `${appPaths.tasks}?${query}` : appPaths.tasks;
}

/**
 * The filters as links (the filter lives in the address), each with its count from the summary of
 * the same tasks ("minhas" or everyone's).
 */
export function TaskFilterTabs({
  current,
  assignee = 'all',
}: {
  current: TaskFilter;
  assignee?: AssigneeFilter;
}) {
  const summary = useQuery(taskSummaryQuery(assignee));
  return (
    <>
      <AssigneeTabs current={assignee} hrefFor={(choice) => filterHref(current, choice)} />
      <nav className="tabs task-tabs" aria-label="Filtros de tarefas">
        <ul>
          {filterTabs.map(({ filter, label }) => {
            const count = summary.data?.[filter];
            return (
              <li key={filter}>
                <Link
                  to={filterHref(filter, assignee)}
                  className={`tabs__tab${filter === 'overdue' && count ? ' tabs__tab--late' : ''}`}
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
    </>
  );
}
