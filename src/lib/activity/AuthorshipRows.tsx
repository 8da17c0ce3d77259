import type { Person } from '../../../contracts/activity';
import { activityWhen } from './activity-text';

/** The rows of a task's or deal's details that say who: "Responsável", "Criada por Ana em 12/11 às 10:00". */
export function AuthorshipRows({
  assignee,
  createdBy,
  createdAt,
}: {
  assignee: Person | null;
  createdBy: Person | null;
  createdAt: string;
}) {
  return (
    <>
      <div className="details__row">
        <dt>Responsável</dt>
        <dd>{assignee?.name ?? 'Sem responsável'}</dd>
      </div>
      {createdBy ? (
        <div className="details__row">
          <dt>Criada por</dt>
          <dd>
            {createdBy.name} em {activityWhen(createdAt)}
          </dd>
        </div>
      ) : null}
    </>
  );
}
