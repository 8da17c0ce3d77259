import { ApiError } from './api-error';
import type { ApiResult } from './client';

/**
 * The data of a successful call, or an ApiError thrown for a failed one. Query functions use it:
 * `queryFn: ({ signal }) => api.get('/api/customers', { signal }).then(unwrapEnvelope)`.
 */
export function unwrapEnvelope<T>(result: ApiResult<T>): T {
  if (result.success) return result.data;
  throw new ApiError(result);
}
