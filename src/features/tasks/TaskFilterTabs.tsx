import { useQuery } from '@tanstack/react-query';
import type { AssigneeFilter } from '../../../contracts/activity';
import type { TaskFilter } from '../../../contracts/tasks';
import { appPaths } from '../../../machines/app-paths';
import { Link } from '../../lib/routing/Link';
import { useHasTeam } from '../../lib/team/team-members-query';
import { taskSummaryQuery } from './task-queries';

/** The four filters of spec §4, in the order a person works through them. */
export const filterTabs: ReadonlyArray<{ filter: TaskFilter; label: string }> = [
  { filter: 'today', label: 'Hoje' },
  { filter: 'future', label: 'Futuras' },
  { filter: 'overdue', label: 'Atrasadas' },
  { filter: 'completed', label: 'Concluídas' },
];

/** "Minhas" / "De todos": whose tasks the list shows. */
export const assigneeTabs: ReadonlyArray<{ assignee: AssigneeFilter; label: string }> = [
  { assignee: 'me', label: 'Minhas' },
  { assignee: 'all', label: 'De todos' },
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

/** "Minhas" / "De todos", offered only when the company has more than one member. */
function AssigneeTabs({ filter, current }: { filter: TaskFilter; current: AssigneeFilter }) {
  const hasTeam = useHasTeam();
  if (!hasTeam && current === 'all') return null;
  return (
    <nav className="task-tabs task-tabs--assignee" aria-label="De quem">
      <ul>
        {assigneeTabs.map(({ assignee, label }) => (
          <li key={assignee}>
            <Link
              to={filterHref(filter, assignee)}
              className="task-tabs__tab"
              aria-current={assignee === current ? 'page' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
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
      <AssigneeTabs filter={current} current={assignee} />
      <nav className="task-tabs" aria-label="Filtros de tarefas">
        <ul>
          {filterTabs.map(({ filter, label }) => {
            const count = summary.data?.[filter];
            return (
              <li key={filter}>
                <Link
                  to={filterHref(filter, assignee)}
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
    </>
  );
}
