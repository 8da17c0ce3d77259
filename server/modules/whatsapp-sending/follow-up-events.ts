import type { FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { publishEvent, publishEvents } from '../../realtime/event-bus';

export interface FollowUpChange {
  companyId: string;
  followUpMessageId: string;
  taskId: string | null;
  customerId: string;
  status: FollowUpStatus;
}

const eventOf = (change: FollowUpChange) => ({
  companyId: change.companyId,
  event: {
    type: 'followup.changed' as const,
    payload: {
      followUpMessageId: change.followUpMessageId,
      taskId: change.taskId,
      customerId: change.customerId,
      status: change.status,
    },
    at: new Date().toISOString(),
  },
});

/** The realtime events saying these follow-ups moved, to publish with others in one statement. */
export const followUpChangeEvents = (changes: FollowUpChange[]) => changes.map(eventOf);

/** Tells the company's open tabs, when `tx` commits, that follow-ups moved. */
export async function publishFollowUpChanges(tx: Queryable, changes: FollowUpChange[]): Promise<void> {
  if (changes.length === 1) {
    const { companyId, event } = eventOf(changes[0]!);
    await publishEvent(tx, companyId, event);
    return;
  }
  await publishEvents(tx, followUpChangeEvents(changes));
}
