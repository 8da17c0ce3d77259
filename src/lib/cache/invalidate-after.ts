import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type CacheRoot, cacheRoots } from './cache-roots';

/**
 * What each kind of change makes stale, wherever it is shown: a task is counted on the home page; a
 * customer's name shows on tasks, deals and the home page (which also counts customers); a deal or a
 * stage is on the board and in the home page's pipeline; the company's name is on the home page and
 * in the settings.
 */
const staleAfter = {
  task: ['tasks', 'dashboard'],
  customer: ['customers', 'tasks', 'sales', 'dashboard'],
  deal: ['sales', 'dashboard'],
  company: ['dashboard', 'settingsUser'],
  service: ['services'],
  /** A follow-up shows on its task and on its customer's page (follow-ups, timeline, window). */
  followUp: ['tasks', 'customers'],
} as const satisfies Record<string, readonly CacheRoot[]>;

export type DataChange = keyof typeof staleAfter;

/** The cache roots `change` affects (also what a teammate's change, heard live, makes stale). */
export function staleRootsAfter(change: DataChange): QueryKey[] {
  return staleAfter[change].map((root) => cacheRoots[root]);
}

/** Marks what `change` affects as stale; the queries on screen fetch again at once. */
export function invalidateAfter(queryClient: QueryClient, change: DataChange): Promise<unknown> {
  return Promise.all(staleRootsAfter(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
