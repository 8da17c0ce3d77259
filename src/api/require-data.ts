import type * as z from 'zod/mini';
import { ApiError } from './api-error';
import type { ApiResult } from './client';
import { ANSWER_FALLBACK } from './error-text';

/** Spec §8, word for word. */
export const missingDataText = {
  salesBoard: 'No sales board data returned',
  dashboard: 'No dashboard data returned',
  customers: 'No customers data returned',
  customer: 'No customer data returned',
  taskSummary: 'No task summary returned',
  tasks: 'No tasks data returned',
  task: 'No task data returned',
  deal: 'No deal data returned',
} as const;

/**
 * Spec §8 "missing data": a call that succeeded without the data a page needs fails with the
 * spec's text ("No customers data returned", …) instead of rendering an empty page as if it were
 * true. `pick` reads the part the page needs (`(data) => data.customers`); null/undefined there is
 * "missing". The whole answer is then checked against the contract's schema (a mismatch is a
 * failure with the offending fields, like the client's own check). Call the API without `schema`.
 *
 *   queryFn: ({ signal }) => api.get(url, { signal }).then(requireData(missingDataText.customers, schema))
 */
export function requireData<T>(
  missingText: string,
  schema: z.ZodMiniType<T>,
  pick: (data: Record<string, unknown>) => unknown = (data) => data,
) {
  return (result: ApiResult<unknown>): T => {
    if (!result.success) throw new ApiError(result);
    const data = result.data;
    if (data === null || typeof data !== 'object' || isMissing(pick(data as Record<string, unknown>))) {
      throw new Error(missingText);
    }
    const checked = schema.safeParse(data);
    if (checked.success) return checked.data;
    throw new ApiError({
      success: false,
      error: ANSWER_FALLBACK,
      code: 'INTERNAL_ERROR',
      issues: checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  };
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined;
}
