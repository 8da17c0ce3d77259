import { type RealtimeEventOf, realtimeEvent } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import { publishEvent } from '../../realtime/event-bus';

type TaskChange = RealtimeEventOf<'task.changed'>['payload'];

/** Tells the company's open tabs, at commit, that a task moved (their lists, home and its customer refetch). */
export function announceTaskChange(tx: Queryable, companyId: string, change: TaskChange): Promise<void> {
  return publishEvent(tx, companyId, realtimeEvent('task.changed', change));
}
