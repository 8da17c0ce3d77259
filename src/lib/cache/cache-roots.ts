/**
 * The roots of the data cache that more than one feature reads or changes. Each feature keeps its
 * queries under its root, so invalidating a root refreshes every list, count and detail below it,
 * whichever feature made the change.
 */
export const cacheRoots = {
  customers: ['customers'],
  tasks: ['tasks'],
  sales: ['sales'],
  /** The home page's numbers: tasks, deals, customers and the company's name. */
  dashboard: ['dashboard'],
  services: ['settings', 'services'],
  /** The signed-in person and their company's name, as the settings page shows them. */
  settingsUser: ['settings', 'user'],
  /** Indique e Ganhe: the invite page's link, counters and rewards (changed live by referred companies). */
  referral: ['settings', 'referral'],
  /** The conversation watcher's suggestions (home and the customer's page; changed live). */
  aiSuggestions: ['ai-suggestions'],
} as const;

export type CacheRoot = keyof typeof cacheRoots;
