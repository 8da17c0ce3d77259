import { useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../app/routing/PageHeading';
import { trackEvent } from '../../lib/analytics/track-event';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { toast } from '../../lib/toasts';
import { CustomerForm } from './CustomerForm';
import { saveCustomer } from './customer-calls';
import { formValuesOf } from './customer-form-values';
import './customers.css';

export const CUSTOMER_CREATED_TEXT = 'Cliente cadastrado.';

/** /customers/new, "Novo cliente": saved, it goes back to /customers (spec §2). */
export default function NewCustomerPage() {
  const queryClient = useQueryClient();
  return (
    <div className="page page--narrow">
      <PageHeading />
      <CustomerForm
        initial={formValuesOf()}
        submitLabel="Salvar cliente"
        cancelTo="/customers"
        doneTo="/customers"
        save={(input, idempotencyKey) => saveCustomer(input, { idempotencyKey })}
        onSaved={({ customer }) => {
          trackEvent('customer created', { source: customer.source });
          void invalidateAfter(queryClient, 'customer');
          toast.success(CUSTOMER_CREATED_TEXT, { id: 'customer-created', description: customer.name });
        }}
      />
    </div>
  );
}
