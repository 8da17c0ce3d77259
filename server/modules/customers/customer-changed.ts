import { type RealtimeEventOf, realtimeEvent } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import { publishEvent } from '../../realtime/event-bus';

type CustomerChange = RealtimeEventOf<'customer.changed'>['payload'];

/** Tells the company's open tabs, at commit, that customers changed (lists, pages and names refetch). */
export function announceCustomerChange(
  tx: Queryable,
  companyId: string,
  change: CustomerChange,
): Promise<void> {
  return publishEvent(tx, companyId, realtimeEvent('customer.changed', change));
}
