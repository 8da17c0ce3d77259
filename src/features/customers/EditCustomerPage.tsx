import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentRoute } from '../../app/routing/current-route';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { toast } from '../../lib/toasts';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { CustomerForm } from './CustomerForm';
import { CustomerLoadFailure } from './CustomerLoadFailure';
import { saveCustomer } from './customer-calls';
import { formValuesOf } from './customer-form-values';
import { customerDetailQuery, customerKeys } from './customer-queries';
import './customers.css';
import { appPaths } from '../../../machines/app-paths';

export const CUSTOMER_UPDATED_TEXT = 'Alterações salvas.';

/** /customers/{id}/edit: the form with the customer's data; saved, it goes to /customers/{id} (spec §2). */
export default function EditCustomerPage() {
  const id = useCurrentRoute().params.id ?? '';
  const detail = customerDetailQuery(id);
  const query = useQuery(detail);
  const queryClient = useQueryClient();
  const detailPath = appPaths.customer(id);

  if (query.isPending) {
    return (
      <QueryLoading query={query} queryKey={detail.queryKey}>
        <p className="page__status" role="status">
          Carregando cliente...
        </p>
      </QueryLoading>
    );
  }
  if (query.isError) return <CustomerLoadFailure error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page page--narrow">
      <h1 className="page-heading">Editar cliente</h1>
      <CustomerForm
        initial={formValuesOf(query.data.customer)}
        submitLabel="Salvar alterações"
        cancelTo={detailPath}
        doneTo={detailPath}
        save={(input) => saveCustomer(input, { id })}
        onSaved={({ customer }) => {
          queryClient.setQueryData(customerKeys.detail(id), (detail) =>
            detail ? { ...detail, customer } : detail,
          );
          void invalidateAfter(queryClient, 'customer');
          toast.success(CUSTOMER_UPDATED_TEXT, { id: 'customer-updated' });
        }}
      />
    </div>
  );
}
