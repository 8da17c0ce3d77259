import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent, RealtimeEventOf, RealtimeEventType } from '../../../contracts/realtime';
import { billingQueryKeys } from '../billing/billing-query-keys';
import { cacheRoots } from '../cache/cache-roots';
import { staleRootsAfter } from '../cache/invalidate-after';
import { customerKeys } from '../customers/customer-keys';
import { whatsappStatusQuery } from '../whatsapp/whatsapp-status-query';

const whatsappStatus = whatsappStatusQuery.queryKey;

/** A message moved a customer's conversation: it, and the customer as lists and the page show them. */
const conversationOf = (customerId: string | null): QueryKey[] =>
  customerId
    ? [customerKeys.conversation(customerId), customerKeys.detail(customerId), customerKeys.lists]
    : [customerKeys.lists];

/** The pages of the customers a change is about (their tasks, deals, follow-ups and timeline). */
const customerPages = (customerIds: readonly (string | null | undefined)[]): QueryKey[] =>
  customerIds.flatMap((customerId) => (customerId ? [customerKeys.detail(customerId)] : []));

/** What each realtime event makes stale: the one table the socket reads. */
export const staleAfterEvent: { [T in RealtimeEventType]: (event: RealtimeEventOf<T>) => QueryKey[] } = {
  'whatsapp.connection.changed': () => [whatsappStatus],
  'message.received': (event) => conversationOf(event.payload.customerId),
  'message.status.changed': (event) => conversationOf(event.payload.customerId),
  // The task and its follow-up card, and the customer's timeline and follow-ups.
  'followup.changed': (event) => [cacheRoots.tasks, ...conversationOf(event.payload.customerId)],
  'customer.created': () => [customerKeys.lists, cacheRoots.dashboard],
  // Tasks and deals show the customer's name; a deleted customer's tasks are gone.
  'customer.changed': (event) => [
    customerKeys.lists,
    ...customerPages([event.payload.customerId]),
    cacheRoots.tasks,
    cacheRoots.sales,
    cacheRoots.dashboard,
  ],
  // What the tab that made the change marks (invalidate-after.ts), and the customers' pages.
  'task.created': (event) => [...staleRootsAfter('task'), ...customerPages([event.payload.customerId])],
  'task.changed': (event) => [...staleRootsAfter('task'), ...customerPages([event.payload.customerId])],
  'deal.updated': (event) => [...staleRootsAfter('deal'), ...customerPages(event.payload.customerIds ?? [])],
  // Assignee pickers and filters list the members.
  'team.member.removed': () => [cacheRoots.tasks, cacheRoots.sales],
  // Kept between servers (the socket is moved instead); nothing to refetch.
  'session.company.switched': () => [],
  // A referred company installed, connected its WhatsApp or paid: the invite page's counters and
  // rewards, and the subscription's credit line.
  'referral.updated': () => [cacheRoots.referral, billingQueryKeys.subscription],
  // The watcher proposed, or someone accepted or dismissed: the suggestions, whether home shows them
  // (the dashboard), and what accepting made.
  'ai.suggestion.changed': (event) => [
    cacheRoots.aiSuggestions,
    cacheRoots.dashboard,
    ...(event.payload.status === 'accepted' ? [cacheRoots.tasks, cacheRoots.sales] : []),
  ],
};

/** Everything the socket keeps fresh: after a reconnect, events may have been missed. */
export const realtimeCoveredKeys: readonly QueryKey[] = [
  whatsappStatus,
  cacheRoots.customers,
  cacheRoots.tasks,
  cacheRoots.sales,
  cacheRoots.dashboard,
  cacheRoots.referral,
  cacheRoots.aiSuggestions,
];

export function staleKeysOf(event: RealtimeEvent): QueryKey[] {
  return (staleAfterEvent[event.type] as (event: RealtimeEvent) => QueryKey[])(event);
}

/** Marks what `event` makes stale; the queries on screen fetch again at once. */
export function invalidateForEvent(queryClient: QueryClient, event: RealtimeEvent): Promise<unknown> {
  return Promise.all(staleKeysOf(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function invalidateEverythingLive(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(realtimeCoveredKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
