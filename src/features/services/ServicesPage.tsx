import { useQuery } from '@tanstack/react-query';
import type { BusinessService } from '../../../contracts/services';
import { createServiceContract } from '../../../contracts/services';
import { PageHeading } from '../../app/routing/PageHeading';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { useRoleAllows } from '../../app/session/session-context';
import { formatBRL } from '../../lib/format/currency';
import { Link } from '../../lib/routing/Link';
import { servicesQuery } from '../../lib/services/services-query';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { formatDuration } from './service-duration';
import './services.css';
import { appPaths } from '../../../machines/app-paths';

/**
 * /settings/services (spec §2): "Serviços", the catalogue deals pick from and the AI reads. Staff read
 * it; managers and owners also add and edit.
 */
export default function ServicesPage() {
  const query = useQuery(servicesQuery);
  const edits = useRoleAllows(createServiceContract.minRole);
  return (
    <div className="page services-page">
      <Link to="/settings" className="page__back">
        Voltar para Configurações
      </Link>
      <div className="page__header">
        <PageHeading />
        {edits ? (
          <Link to="/settings/services/new" className="button button--primary">
            Novo serviço
          </Link>
        ) : null}
      </div>
      {query.data ? (
        query.data.length === 0 ? (
          <p className="card__text">
            Nenhum serviço cadastrado ainda. Cadastre o que você vende para usar nas vendas.
          </p>
        ) : (
          <ul className="list" aria-label="Serviços cadastrados">
            {query.data.map((service) => (
              <li key={service.id}>
                {edits ? (
                  <Link to={appPaths.editService(service.id)} className="list__link service-item">
                    <ServiceItem service={service} />
                  </Link>
                ) : (
                  <div className="list__row service-item">
                    <ServiceItem service={service} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <QueryLoading query={query} queryKey={servicesQuery.queryKey}>
          <RouteLoading />
        </QueryLoading>
      )}
    </div>
  );
}

/** One service as the list shows it: name, whether archived, description, price and duration. */
function ServiceItem({ service }: { service: BusinessService }) {
  return (
    <>
      <span className="service-item__main">
        <span className="service-item__name">{service.name}</span>
        {service.active ? null : <span className="badge badge--muted service-item__badge">Arquivado</span>}
      </span>
      {service.description ? <span className="service-item__description">{service.description}</span> : null}
      <span className="service-item__facts">
        <span className="service-item__price">{formatBRL(service.priceCents)}</span>
        <span className="service-item__duration">
          {service.durationMinutes === null
            ? 'Sem duração definida'
            : formatDuration(service.durationMinutes)}
        </span>
      </span>
    </>
  );
}
