import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { CustomerInput } from '../../../contracts/customers';
import { PageHeading } from '../../app/routing/PageHeading';
import { trackEvent } from '../../lib/analytics/track-event';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { useCreateSubmission } from '../../lib/forms/useCreateSubmission';
import { toast } from '../../lib/toasts';
import { CustomerForm } from './CustomerForm';
import { saveCustomer } from './customer-calls';
import { formValuesOf } from './customer-form-values';
import './customers.css';

export const CUSTOMER_CREATED_TEXT = 'Cliente cadastrado.';

/** /customers/new, "Novo cliente": saved, it goes back to /customers (spec §2). */
export default function NewCustomerPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const create = useCreateSubmission((input: CustomerInput, idempotencyKey: string) =>
    saveCustomer(input, { idempotencyKey }),
  );
  return (
    <div className="page page--narrow">
      <PageHeading />
      <CustomerForm
        initial={formValuesOf()}
        submitLabel="Salvar cliente"
        cancelTo="/customers"
        save={create.submit}
        onSaved={({ customer }) => {
          trackEvent('customer created', { source: customer.source });
          void invalidateAfter(queryClient, 'customer');
          toast.success(CUSTOMER_CREATED_TEXT, { id: 'customer-created', description: customer.name });
          navigate('/customers');
        }}
      />
    </div>
  );
}
