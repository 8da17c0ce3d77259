import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent, RealtimeEventOf, RealtimeEventType } from '../../../contracts/realtime';
import { billingQueryKeys } from '../billing/billing-query-keys';
import { cacheRoots } from '../cache/cache-roots';
import { customerKeys } from '../customers/customer-keys';
import { whatsappStatusQuery } from '../whatsapp/whatsapp-status-query';

const whatsappStatus = whatsappStatusQuery.queryKey;

/** A message moved a customer's conversation: it, and the customer as lists and the page show them. */
const conversationOf = (customerId: string | null): QueryKey[] =>
  customerId
    ? [customerKeys.conversation(customerId), customerKeys.detail(customerId), customerKeys.lists]
    : [customerKeys.lists];

/** A task moved: the task lists and home, and the page of its customer if it has one. */
const taskStale = (customerId: string | null | undefined): QueryKey[] => [
  cacheRoots.tasks,
  cacheRoots.dashboard,
  ...(customerId ? [customerKeys.detail(customerId)] : []),
];

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
    ...(event.payload.customerId ? [customerKeys.detail(event.payload.customerId)] : []),
    cacheRoots.tasks,
    cacheRoots.sales,
    cacheRoots.dashboard,
  ],
  // The task, the lists and home; its customer's tasks, follow-ups and timeline.
  'task.created': (event) => taskStale(event.payload.customerId),
  'task.changed': (event) => taskStale(event.payload.customerId),
  // The board, home, and the page (deals and timeline) of each customer the deal is about.
  'deal.updated': (event) => [
    cacheRoots.sales,
    cacheRoots.dashboard,
    ...(event.payload.customerIds ?? []).map((customerId) => customerKeys.detail(customerId)),
  ],
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
