import type { QueryClient } from '@tanstack/react-query';
import { salesQueryKeys } from './sales-board-query';

/** The home page's dashboard (pipeline by stage, deals won) reads deals too. */
const dashboardKey = ['dashboard'] as const;

/** After a deal or a stage changed: the board, deals, stages and the dashboard are read again. */
export function invalidateDealCaches(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: salesQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}
