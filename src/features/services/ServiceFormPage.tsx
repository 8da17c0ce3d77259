import { useQuery } from '@tanstack/react-query';
import { SERVICE_NOT_FOUND_TEXT } from '../../../contracts/services';
import { useCurrentRoute } from '../../app/routing/current-route';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { Link } from '../../lib/routing/Link';
import { servicesQuery } from '../../lib/services/services-query';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { ServiceForm } from './ServiceForm';
import './services.css';

/**
 * /settings/services/new and /settings/services/{serviceId}/edit. The edit page finds the service
 * in the catalogue's one query (spec §8: "Failed to fetch services", "Service not found").
 */
export default function ServiceFormPage() {
  const { params } = useCurrentRoute();
  const serviceId = params.serviceId ?? null;
  return (
    <div className="page page--narrow">
      <Link to="/settings/services" className="page__back">
        Voltar para Serviços
      </Link>
      <h1 className="page-heading">{serviceId ? 'Editar serviço' : 'Novo serviço'}</h1>
      {serviceId ? <EditService serviceId={serviceId} /> : <ServiceForm service={null} />}
    </div>
  );
}

function EditService({ serviceId }: { serviceId: string }) {
  const query = useQuery(servicesQuery);
  if (!query.data && query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <QueryLoading query={query} queryKey={servicesQuery.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
  const service = query.data.find((s) => s.id === serviceId);
  if (!service)
    return (
      <p className="form-error" role="alert">
        {SERVICE_NOT_FOUND_TEXT}
      </p>
    );
  return <ServiceForm key={service.id} service={service} />;
}
