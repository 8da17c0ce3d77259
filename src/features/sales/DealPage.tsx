import { useQuery } from '@tanstack/react-query';
import { useCurrentRoute } from '../../app/routing/current-route';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { Link } from '../../lib/routing/Link';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { SuggestMessageButton } from '../../ui/suggest-message/SuggestMessageButton';
import { DealForm } from './deal/DealForm';
import { DealHistory } from './deal/DealHistory';
import { dealQuery } from './deal-query';
import './deal.css';

/** /sales/new and /sales/{dealId} (spec §2; the route reads "new" as null): a deal's form. */
export default function DealPage() {
  const { params } = useCurrentRoute();
  const dealId = params.dealId ?? null;
  return (
    <div className="page page--narrow">
      <Link to="/sales" className="page__back">
        Voltar para Vendas
      </Link>
      <h1 className="page-heading">{dealId ? 'Editar venda' : 'Nova venda'}</h1>
      {dealId ? <ExistingDeal dealId={dealId} /> : <DealForm deal={null} />}
    </div>
  );
}

/** GET the deal; missing data is spec §8's "No deal data returned". */
function ExistingDeal({ dealId }: { dealId: string }) {
  const options = dealQuery(dealId);
  const query = useQuery(options);
  if (query.data) {
    const { deal, activity } = query.data;
    return (
      <>
        {deal.customer ? (
          <div className="form__actions">
            <SuggestMessageButton target={{ dealId: deal.id }} />
          </div>
        ) : null}
        <DealForm key={deal.id} deal={deal} />
        <DealHistory deal={deal} activity={activity} />
      </>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <QueryLoading query={query} queryKey={options.queryKey}>
      <RouteLoading />
    </QueryLoading>
  );
}
