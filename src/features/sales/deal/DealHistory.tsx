import type { ActivityEvent } from '../../../../contracts/activity';
import type { Deal } from '../../../../contracts/sales';
import { ActivityList } from '../../../lib/activity/ActivityList';
import { AuthorshipRows } from '../../../lib/activity/AuthorshipRows';

/** Who works the deal, who created it, and its history ("Movida para Proposta por Ana"). */
export function DealHistory({ deal, activity }: { deal: Deal; activity: readonly ActivityEvent[] }) {
  return (
    <section className="card" aria-labelledby="deal-history">
      <h2 id="deal-history" className="card__heading">
        Histórico
      </h2>
      <dl className="details">
        <AuthorshipRows assignee={deal.assignee} createdBy={deal.createdBy} createdAt={deal.createdAt} />
      </dl>
      <ActivityList events={activity} label="Histórico da venda" />
    </section>
  );
}
