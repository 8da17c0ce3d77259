import { CUSTOMER_DATA_EXPORT_URL, eraseCustomerContract } from '../../../contracts/customer-data';
import type { Customer } from '../../../contracts/customers';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { type ExportResult, fetchApiFile, localToday } from './export-customers';

/** GET /api/customers/{id}/data-export: everything about the customer as one JSON file. */
export function fetchCustomerDataExport(id: string): Promise<ExportResult> {
  return fetchApiFile(contractUrl(CUSTOMER_DATA_EXPORT_URL, id), {
    accept: 'application/json',
    fallbackName: () => `dados-cliente-${localToday()}.json`,
  });
}

/**
 * POST /api/customers/{id}/erase, confirmed with the name the page shows; the anonymised customer,
 * or rejects with the failure whose words are shown.
 */
export async function eraseCustomerData(id: string, name: string): Promise<Customer> {
  const result = await api.post(contractUrl(eraseCustomerContract.url, id), {
    body: { confirm: name },
    schema: eraseCustomerContract.response,
  });
  return unwrapEnvelope(result).customer;
}
