import type { AssigneeFilter } from '../../../contracts/activity';
import { Link } from '../routing/Link';
import { useHasTeam } from './team-members-query';
import '../../styles/tabs.css';

/** "Minhas" / "De todos": whose tasks or deals a list shows. */
export const assigneeTabs: ReadonlyArray<{ assignee: AssigneeFilter; label: string }> = [
  { assignee: 'me', label: 'Minhas' },
  { assignee: 'all', label: 'De todos' },
];

/**
 * "Minhas" / "De todos" as links (the filter lives in the address), offered only when the company
 * has more than one member, or when an address still asks for "minhas".
 */
export function AssigneeTabs({
  current,
  hrefFor,
}: {
  current: AssigneeFilter;
  hrefFor: (assignee: AssigneeFilter) => string;
}) {
  const hasTeam = useHasTeam();
  if (!hasTeam && current === 'all') return null;
  return (
    <nav className="tabs tabs--pair" aria-label="De quem">
      <ul>
        {assigneeTabs.map(({ assignee, label }) => (
          <li key={assignee}>
            <Link
              to={hrefFor(assignee)}
              className="tabs__tab"
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
