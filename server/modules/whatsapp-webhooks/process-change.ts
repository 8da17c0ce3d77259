import { type ConversationStatus, conversationStatuses } from '../../../contracts/conversation';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Db } from '../../db/types';
import {
  HISTORY_DECLINED_CODE,
  historyChunkSchema,
  parsedItems,
  stateSyncSchema,
  type WebhookContact,
  type WebhookMessage,
  webhookContactSchema,
  webhookErrorSchema,
  webhookMessageSchema,
  webhookMetadataSchema,
  webhookStatusSchema,
} from '../../integrations/whatsapp/webhook-objects';
import type { JobLogger } from '../../jobs/worker';
import { publishEvent } from '../../realtime/event-bus';
import {
  markConnectionOffboarded,
  publishThroughTransaction,
  updateHistoryProgress,
} from '../whatsapp-connections/connection-changes';
import { applyStatus, storeMessage } from './conversation-messages';
import type { InboundMessage } from './inbound-batch';
import { messageContent, sentAt } from './message-content';
import {
  connectionByPhoneNumberId,
  connectionsByWaba,
  recordHistoryDeclined,
  type WebhookConnection,
} from './webhook-connection';
import { isBlocked, upsertWhatsappCustomer, whatsappPerson } from './whatsapp-customer';

export interface ChangeContext {
  db: Db;
  logger: JobLogger;
  receivedAt: Date;
  /** The WABA id of the entry the change came in. */
  wabaId: string | null;
  /** Tenants already looked up in this payload (a batch names the same number many times). */
  connections: Map<string, Promise<WebhookConnection | null>>;
  /** When set, what customers sent is gathered here, to be stored with its batch (storeInboundBatch). */
  inbound?: InboundMessage[];
  /** Set when a change named a phone number id no live connection has (yet). */
  unknownTenant?: boolean;
}

/** The live connection a change's phone number id names, looked up once per payload. */
function tenantOf(context: ChangeContext, value: Record<string, unknown>): Promise<WebhookConnection | null> {
  const metadata = webhookMetadataSchema.safeParse(value.metadata);
  if (!metadata.success) return Promise.resolve(null);
  const id = metadata.data.phone_number_id;
  let found = context.connections.get(id);
  if (!found) {
    found = connectionByPhoneNumberId(context.db, id);
    context.connections.set(id, found);
  }
  return found;
}

/** One change of an entry, by its field; anything we do not act on is skipped. */
export async function processChange(context: ChangeContext, field: string, value: Record<string, unknown>) {
  if (field === 'account_update') return accountUpdate(context, value);
  const connection = await tenantOf(context, value);
  if (!connection) {
    // Another app's number, a disconnected one, one never connected, or one being connected right
    // now (Meta writes as soon as the app is subscribed): the caller decides whether to look again.
    context.unknownTenant = true;
    context.logger.info({ field }, 'whatsapp webhook: change for an unknown phone number id');
    return;
  }
  if (field === 'messages') return messages(context, connection, value);
  if (field === 'smb_message_echoes') return echoes(context, connection, value);
  if (field === 'history') return history(context, connection, value);
  if (field === 'smb_app_state_sync') return contactSync(context, connection, value);
  context.logger.info({ field }, 'whatsapp webhook: field not handled');
}

function contactFor(contacts: WebhookContact[], message: WebhookMessage): WebhookContact | undefined {
  return (
    contacts.find(
      (c) => (c.wa_id && c.wa_id === message.from) || (c.user_id && c.user_id === message.from_user_id),
    ) ?? (contacts.length === 1 ? contacts[0] : undefined)
  );
}

async function messages(
  context: ChangeContext,
  connection: WebhookConnection,
  value: Record<string, unknown>,
) {
  const contacts = parsedItems(webhookContactSchema, value.contacts);
  for (const message of parsedItems(webhookMessageSchema, value.messages)) {
    const contact = contactFor(contacts, message);
    const person = whatsappPerson(
      message.from ?? contact?.wa_id,
      message.from_user_id ?? contact?.user_id,
      contact?.profile?.name,
    );
    if (context.inbound) {
      context.inbound.push({
        connection,
        wamid: message.id,
        person,
        content: messageContent(message),
        sentAt: sentAt(message.timestamp, context.receivedAt),
      });
      continue;
    }
    const { outcome } = await storeMessage(context.db, {
      connection,
      message,
      person,
      direction: 'inbound',
      origin: 'webhook',
      status: null,
      receivedAt: context.receivedAt,
      announce: true,
    });
    if (outcome === 'blocked' || outcome === 'no-sender') {
      context.logger.info({ outcome }, 'whatsapp webhook: message dropped');
    }
  }
  for (const status of parsedItems(webhookStatusSchema, value.statuses)) {
    await applyStatus(context.db, connection, status, context.receivedAt);
  }
  const errors = parsedItems(webhookErrorSchema, value.errors);
  if (errors.length > 0) context.logger.warn({ errors }, 'whatsapp webhook: system errors');
}

/** Messages the owner sent by hand from the Business app (coexistence): outbound, to `to`. */
async function echoes(context: ChangeContext, connection: WebhookConnection, value: Record<string, unknown>) {
  for (const message of parsedItems(webhookMessageSchema, value.message_echoes)) {
    await storeMessage(context.db, {
      connection,
      message,
      person: whatsappPerson(message.to, message.to_user_id, null),
      direction: 'outbound',
      origin: 'echo',
      status: null,
      receivedAt: context.receivedAt,
      announce: true,
    });
  }
}

function historyStatus(message: WebhookMessage): ConversationStatus | null {
  const status = message.history_context?.status?.toLowerCase();
  return (conversationStatuses as readonly string[]).includes(status ?? '')
    ? (status as ConversationStatus)
    : null;
}

/**
 * Coexistence history: chunks of threads (one per customer), in any order. Each message is stored
 * once, as the customer's or the business's by who sent it; the progress only moves forward; a
 * declined share (2593109) is recorded.
 */
async function history(
  context: ChangeContext,
  connection: WebhookConnection,
  value: Record<string, unknown>,
) {
  const declined = (errors: unknown) =>
    parsedItems(webhookErrorSchema, errors).some((error) => error.code === HISTORY_DECLINED_CODE);
  if (declined(value.errors)) await recordHistoryDeclined(context.db, connection.id);

  for (const chunk of parsedItems(historyChunkSchema, value.history)) {
    if (declined(chunk.errors)) await recordHistoryDeclined(context.db, connection.id);
    for (const thread of chunk.threads ?? []) {
      const customer = whatsappPerson(thread.id, null, null);
      let last: { id: string; customerId: string } | undefined;
      for (const message of parsedItems(webhookMessageSchema, thread.messages)) {
        const fromDigits = message.from?.replace(/[^0-9]/g, '') ?? '';
        const outbound = connection.businessPhone !== null && fromDigits === connection.businessPhone;
        const stored = await storeMessage(context.db, {
          connection,
          message,
          person: customer,
          direction: outbound ? 'outbound' : 'inbound',
          origin: 'history',
          status: outbound ? historyStatus(message) : null,
          receivedAt: context.receivedAt,
          announce: false,
        });
        if (stored.id && stored.customerId) last = { id: stored.id, customerId: stored.customerId };
      }
      // One notice per thread: the timeline refetches the whole page anyway.
      if (last) {
        await publishEvent(
          context.db,
          connection.companyId,
          realtimeEvent('message.received', { messageId: last.id, customerId: last.customerId }),
        );
      }
    }
    const progress = chunk.metadata?.progress;
    if (typeof progress === 'number' && Number.isFinite(progress)) {
      await context.db.transaction((tx) =>
        updateHistoryProgress(tx, publishThroughTransaction, connection.phoneNumberId, progress),
      );
    }
  }
}

/**
 * The Business app's address book (coexistence): an added contact becomes (or renames) a customer;
 * a removed one is left as it is — customers are the owner's to delete.
 */
async function contactSync(
  context: ChangeContext,
  connection: WebhookConnection,
  value: Record<string, unknown>,
) {
  for (const item of parsedItems(stateSyncSchema, value.state_sync)) {
    if (item.type !== 'contact' || item.action !== 'add' || !item.contact) continue;
    const person = whatsappPerson(
      item.contact.phone_number,
      null,
      item.contact.full_name || item.contact.first_name,
    );
    if (!person.phone) continue;
    await context.db.transaction(async (tx) => {
      if (await isBlocked(tx, connection.companyId, person)) return;
      const customer = await upsertWhatsappCustomer(tx, connection.companyId, person, { rename: true });
      if (customer?.created) {
        await publishEvent(
          tx,
          connection.companyId,
          realtimeEvent('customer.created', { customerId: customer.id }),
        );
      }
    });
  }
}

/** account_update names the account (the entry's WABA id) and, usually, the number. */
async function accountUpdate(context: ChangeContext, value: Record<string, unknown>) {
  if (value.event !== 'ACCOUNT_OFFBOARDED') return;
  const byNumber = await tenantOf(context, value);
  const phone = typeof value.phone_number === 'string' ? value.phone_number : null;
  const connections = byNumber
    ? [byNumber]
    : context.wabaId
      ? await connectionsByWaba(context.db, context.wabaId, phone)
      : [];
  for (const connection of connections) {
    await context.db.transaction((tx) =>
      markConnectionOffboarded(tx, publishThroughTransaction, connection.phoneNumberId),
    );
  }
}
