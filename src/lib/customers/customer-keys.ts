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
  /** Under the customer's detail, so what marks the customer stale (followup.changed) reaches them. */
  followUps: (id: string) => [...cacheRoots.customers, 'detail', id, 'follow-ups'] as const,
  /** The customer's 24-hour window, paused follow-ups and number (also under their detail). */
  whatsapp: (id: string) => [...cacheRoots.customers, 'detail', id, 'whatsapp'] as const,
  /** Who did what about the customer (under their detail: what marks the customer stale reaches it). */
  activity: (id: string) => [...cacheRoots.customers, 'detail', id, 'activity'] as const,
};
