import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../lib/cache/invalidate-after';

/** After a deal or a stage changed: the board, deals, stages and the home page's pipeline. */
export function invalidateDealCaches(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'deal');
}
