import type { ConversationStatus } from '../../../contracts/conversation';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Db } from '../../db/types';
import type { WebhookMessage, WebhookStatus } from '../../integrations/whatsapp/webhook-objects';
import { publishEvent } from '../../realtime/event-bus';
import { enqueueTurnWatches } from '../ai-watcher/watch-job';
import { completeUnansweredSend } from '../whatsapp-sending/callback-completion';
import { pauseFollowUpsOnEcho } from '../whatsapp-sending/customer-follow-up-pause';
import { followUpFollowsStatus } from '../whatsapp-sending/follow-up-delivery';
import {
  advanceStatus,
  applyPendingStatuses,
  insertConversationMessage,
  keepPendingStatus,
  lockWamid,
  messageExists,
  touchCustomer,
} from './conversation-store';
import { type MessageContent, messageContent, sentAt } from './message-content';
import type { WebhookConnection } from './webhook-connection';
import { isBlocked, upsertWhatsappCustomer, type WhatsappPerson } from './whatsapp-customer';

export type MessageOutcome = 'stored' | 'duplicate' | 'blocked' | 'no-sender';

const PREVIEW_MAX = 80;

/** What a tab shows of a new message before it refetches: the text's first characters. */
export function messagePreview(content: MessageContent): string | undefined {
  return content.body ? [...content.body].slice(0, PREVIEW_MAX).join('') : undefined;
}

export interface IncomingMessage {
  connection: WebhookConnection;
  message: WebhookMessage;
  /** The customer: the sender of an inbound message, the recipient of an outbound one. */
  person: WhatsappPerson;
  direction: 'inbound' | 'outbound';
  origin: 'webhook' | 'echo' | 'history';
  status: ConversationStatus | null;
  receivedAt: Date;
  /** Tell open tabs (history comes in thousands: its chunks are announced once each instead). */
  announce: boolean;
}

/**
 * One message into the customer's conversation, in one short transaction: a blocked number is
 * dropped before anything is stored; otherwise the customer is found or created and their last
 * contact moved forward, the message stored once per wamid, and open tabs told — only the first time.
 * A live inbound message is queued for the conversation watcher (when the company has it on).
 */
export async function storeMessage(
  db: Db,
  input: IncomingMessage,
): Promise<{ outcome: MessageOutcome; id?: string; customerId?: string }> {
  const { connection, message, person, direction } = input;
  const companyId = connection.companyId;
  const at = sentAt(message.timestamp, input.receivedAt);
  const content = messageContent(message);
  return db.transaction(async (tx) => {
    if (await isBlocked(tx, companyId, person)) return { outcome: 'blocked' as const };
    const customer = await upsertWhatsappCustomer(tx, companyId, person);
    if (!customer) return { outcome: 'no-sender' as const };
    if (customer.created) {
      await publishEvent(tx, companyId, realtimeEvent('customer.created', { customerId: customer.id }));
    }
    // The customer's row before the wamid: a payload transaction storing several messages (Meta
    // resends, batches run side by side) then waits for another at the customer, instead of
    // holding a wamid the other is about to insert while waiting for the customer it holds.
    // Echoes and the business's history never open or extend the 24-hour window.
    await touchCustomer(tx, companyId, customer.id, at, direction === 'inbound');
    // Statuses only concern what the business sent: only then can one be waiting for this message.
    if (direction === 'outbound') await lockWamid(tx, companyId, message.id);
    const id = await insertConversationMessage(tx, {
      companyId,
      customerId: customer.id,
      connectionId: connection.id,
      wamid: message.id,
      direction,
      origin: input.origin,
      content,
      status: input.status,
      sentAt: at,
    });
    if (!id) return { outcome: 'duplicate' as const };
    if (direction === 'outbound') await applyPendingStatuses(tx, companyId, message.id);
    if (input.origin === 'echo') await pauseFollowUpsOnEcho(tx, companyId, customer.id, at);
    if (direction === 'inbound' && input.origin === 'webhook') {
      await enqueueTurnWatches(tx, [{ companyId, messageId: id }]);
    }
    if (input.announce) {
      const preview = messagePreview(content);
      await publishEvent(
        tx,
        companyId,
        realtimeEvent('message.received', {
          messageId: id,
          customerId: customer.id,
          ...(preview !== undefined && { preview }),
        }),
      );
    }
    return { outcome: 'stored' as const, id, customerId: customer.id };
  });
}

/**
 * A status of a message the business sent: applied if it moves the message forward (sent < delivered
 * < read; failed ends it), kept for later if the message is not stored yet, ignored otherwise (a
 * duplicate, or one overtaken by a later status). A status naming one of our send attempts whose
 * answer was lost first completes it (the message joins the conversation); the follow-up the message
 * carries follows its status.
 */
export async function applyStatus(
  db: Db,
  connection: WebhookConnection,
  status: WebhookStatus,
  receivedAt: Date,
): Promise<'applied' | 'pending' | 'ignored'> {
  const companyId = connection.companyId;
  const error = status.errors?.[0];
  const update = {
    status: status.status,
    errorCode: error?.code === undefined || error.code === null ? null : String(error.code),
    errorTitle: error?.title ?? null,
    at: sentAt(status.timestamp, receivedAt),
  };
  return db.transaction(async (tx) => {
    await lockWamid(tx, companyId, status.id);
    let moved = await advanceStatus(tx, companyId, status.id, update);
    if (!moved) {
      if (await messageExists(tx, companyId, status.id)) return 'ignored' as const;
      // Not stored: the answer to one of our sends may have been lost, and this status completes it;
      // or the status came before the message, and waits for it.
      if (!(await completeUnansweredSend(tx, companyId, status))) {
        await keepPendingStatus(tx, companyId, status.id, update);
        return 'pending' as const;
      }
      moved = await advanceStatus(tx, companyId, status.id, update);
    }
    if (moved) {
      await followUpFollowsStatus(tx, companyId, moved.id);
      await publishEvent(
        tx,
        companyId,
        realtimeEvent('message.status.changed', {
          messageId: moved.id,
          customerId: moved.customerId,
          status: status.status,
        }),
      );
      return 'applied' as const;
    }
    return 'ignored' as const;
  });
}
