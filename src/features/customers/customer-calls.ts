import * as z from 'zod/mini';
import {
  type CustomerInput,
  createCustomerContract,
  customerSchema,
  deleteCustomerContract,
  findImportContract,
  type ImportBatchResult,
  type ImportSummary,
  importCustomersContract,
  updateCustomerContract,
} from '../../../contracts/customers';
import type { BatchSubmission } from '../../../machines/customer-import/customer-import.machine';
import { ApiError } from '../../api/api-error';
import { type ApiFailure, type ApiResult, api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { reportError } from '../../lib/error-tracking/report-error';

const savedSchema = z.object({ customer: customerSchema });
export type SavedCustomer = z.infer<typeof savedSchema>;

/**
 * What the error tracker is told about a failed save: the call and how it failed, never the
 * server's text (it may name a customer) nor the request id (so repeats deduplicate).
 */
function failureReport(what: string, failure: ApiFailure): Error {
  const how = [failure.status ?? 'no answer', failure.code].filter(Boolean).join(' ');
  return new Error(`${what} failed: ${how}`);
}

/** Where a save goes: the customer being edited, or a new one under its submission's key. */
export type CustomerSaveTarget = { id: string } | { idempotencyKey: string };

/**
 * POST /api/customers with the submission's Idempotency-Key, or PUT /api/customers/{id}. Spec §8:
 * every failed create or update is reported to the error tracker, tagged "customer.create" /
 * "customer.update".
 */
export async function saveCustomer(
  input: CustomerInput,
  target: CustomerSaveTarget,
): Promise<ApiResult<SavedCustomer>> {
  const editing = 'id' in target;
  const result = editing
    ? await api.put(contractUrl(updateCustomerContract.url, target.id), { body: input, schema: savedSchema })
    : await api.post(createCustomerContract.url, {
        body: input,
        schema: savedSchema,
        idempotencyKey: target.idempotencyKey,
      });
  if (!result.success) {
    const what = editing ? 'customer update' : 'customer create';
    reportError(failureReport(what, result), editing ? 'customer.update' : 'customer.create');
  }
  return result;
}

export function deleteCustomer(id: string): Promise<ApiResult<unknown>> {
  return api.delete(contractUrl(deleteCustomerContract.url, id));
}

/** POST /api/customers/import: one batch; a failure rejects with the ApiError (the import chart's actor). */
export async function sendImportBatch(
  { body, idempotencyKey }: BatchSubmission,
  signal?: AbortSignal,
): Promise<ImportBatchResult> {
  const result = await api.post(importCustomersContract.url, {
    body,
    schema: importCustomersContract.response,
    signal,
    idempotencyKey,
  });
  if (!result.success) throw new ApiError(result);
  return result.data;
}

/** GET /api/customers/imports: the company's earlier import of this file, or null (the import chart's actor). */
export async function findImport(fileHash: string, signal?: AbortSignal): Promise<ImportSummary | null> {
  const result = await api.get(findImportContract.url, {
    query: { fileHash },
    schema: findImportContract.response,
    signal,
  });
  if (!result.success) throw new ApiError(result);
  return result.data.import;
}
