import { cacheRoots } from '../cache/cache-roots';

/**
 * Every customer query lives under ['customers']: create, update, delete and import invalidate it
 * (spec §7); the realtime socket marks a customer's conversation and the lists stale.
 */
export const customerKeys = {
  all: cacheRoots.customers,
  lists: [...cacheRoots.customers, 'list'] as const,
  list: (search: string, limit: number, page: number) =>
    [...cacheRoots.customers, 'list', { search, limit, page }] as const,
  detail: (id: string) => [...cacheRoots.customers, 'detail', id] as const,
  /** The customer's WhatsApp conversation (its pages of messages). */
  conversation: (id: string) => [...cacheRoots.customers, 'conversation', id] as const,
};
