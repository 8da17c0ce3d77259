import type { ActivityEvent } from '../../../../contracts/activity';
import type { Deal } from '../../../../contracts/sales';
import { ActivityList } from '../../../lib/activity/ActivityList';
import { activityWhen } from '../../../lib/activity/activity-text';

/** Who works the deal, who created it, and its history ("Movida para Proposta por Ana"). */
export function DealHistory({ deal, activity }: { deal: Deal; activity: readonly ActivityEvent[] }) {
  return (
    <section className="card" aria-labelledby="deal-history">
      <h2 id="deal-history" className="card__heading">
        Histórico
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>Responsável</dt>
          <dd>{deal.assignee?.name ?? 'Sem responsável'}</dd>
        </div>
        {deal.createdBy ? (
          <div className="details__row">
            <dt>Criada por</dt>
            <dd>
              {deal.createdBy.name} em {activityWhen(deal.createdAt)}
            </dd>
          </div>
        ) : null}
      </dl>
      <ActivityList events={activity} label="Histórico da venda" />
    </section>
  );
}
