import * as z from 'zod/mini';
import { followUpStatuses } from './tasks';
import { whatsappConnectionStatuses } from './whatsapp-status';

/**
 * Realtime: what `GET /api/realtime` (a WebSocket) carries. The server pushes a company's events so
 * the client can invalidate the matching queries; payloads carry ids, not whole records — the client
 * refetches through the normal API. New events are added to `realtimeEventSchemas`.
 */

const at = z.iso.datetime({ offset: true });
const id = z.string().check(z.minLength(1));

export const whatsappConnectionChangedEventSchema = z.object({
  type: z.literal('whatsapp.connection.changed'),
  payload: z.object({
    connectionId: z.optional(id),
    status: z.enum(whatsappConnectionStatuses),
  }),
  at,
});

export const messageReceivedEventSchema = z.object({
  type: z.literal('message.received'),
  payload: z.object({
    messageId: id,
    customerId: z.nullable(id),
    /** The start of the text, for a notice; the full message comes from the API. */
    preview: z.optional(z.string()),
  }),
  at,
});

/** An outbound message's status moved forward (delivered, read, failed). */
export const messageStatusChangedEventSchema = z.object({
  type: z.literal('message.status.changed'),
  payload: z.object({
    messageId: id,
    customerId: id,
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
  }),
  at,
});

/** A follow-up's status moved (sending, sent, delivered, read, failed, expired, paused…). */
export const followUpChangedEventSchema = z.object({
  type: z.literal('followup.changed'),
  payload: z.object({
    followUpMessageId: id,
    taskId: z.nullable(id),
    customerId: id,
    status: z.enum(followUpStatuses),
  }),
  at,
});

export const taskCreatedEventSchema = z.object({
  type: z.literal('task.created'),
  /** customerId: whose page lists the task (absent or null: nobody's). */
  payload: z.object({ taskId: id, customerId: z.optional(z.nullable(id)) }),
  at,
});

/** A task was saved, completed, reopened or deleted (or lost its follow-up): lists, home and its customer refetch. */
export const taskChangedEventSchema = z.object({
  type: z.literal('task.changed'),
  payload: z.object({
    taskId: id,
    customerId: z.nullable(id),
    change: z.enum(['updated', 'completed', 'reopened', 'deleted']),
  }),
  at,
});

export const customerCreatedEventSchema = z.object({
  type: z.literal('customer.created'),
  payload: z.object({ customerId: id }),
  at,
});

/**
 * A customer was edited, deleted (their tasks with them) or erased (LGPD), or a batch of an import
 * added customers (customerId null then): lists, their page, and what shows their name refetch.
 */
export const customerChangedEventSchema = z.object({
  type: z.literal('customer.changed'),
  payload: z.object({
    customerId: z.nullable(id),
    change: z.enum(['updated', 'deleted', 'erased', 'imported']),
  }),
  at,
});

export const dealUpdatedEventSchema = z.object({
  type: z.literal('deal.updated'),
  payload: z.object({
    dealId: id,
    stageId: z.optional(id),
    status: z.optional(z.enum(['open', 'won', 'lost'])),
    /** The customers whose page lists the deal (before and after a save that changed it); absent: none. */
    customerIds: z.optional(z.array(id)),
  }),
  at,
});

/**
 * Someone was removed from the company (issue 15): their sign-ins are over, so the server rechecks
 * its sockets at once (closing theirs with 4401) and the team's screens refetch.
 */
export const teamMemberRemovedEventSchema = z.object({
  type: z.literal('team.member.removed'),
  payload: z.object({ userId: id }),
  at,
});

/**
 * Someone in the company made another of their companies the current one (issue 15): the server closes
 * their sockets here as going away, so they reconnect at once to the new one. It stays between
 * servers: no client is sent it.
 */
export const companySwitchedEventSchema = z.object({
  type: z.literal('session.company.switched'),
  payload: z.object({ userId: id }),
  at,
});

/**
 * Indique e Ganhe (issue 17): a company this one referred finished sign-up (install), connected its
 * WhatsApp (watcher), or paid its first subscription (reward). Sent to the referrer company.
 */
export const referralUpdatedEventSchema = z.object({
  type: z.literal('referral.updated'),
  payload: z.object({ reason: z.enum(['install', 'watcher', 'reward']) }),
  at,
});

/**
 * The conversation watcher (issue 18) proposed a suggestion, or one was accepted or dismissed: home
 * and the customer's page refetch their suggestions.
 */
export const aiSuggestionChangedEventSchema = z.object({
  type: z.literal('ai.suggestion.changed'),
  payload: z.object({
    suggestionId: id,
    customerId: id,
    status: z.enum(['pending', 'accepted', 'dismissed']),
  }),
  at,
});

export const realtimeEventSchemas = [
  whatsappConnectionChangedEventSchema,
  messageReceivedEventSchema,
  messageStatusChangedEventSchema,
  followUpChangedEventSchema,
  taskCreatedEventSchema,
  taskChangedEventSchema,
  customerCreatedEventSchema,
  customerChangedEventSchema,
  dealUpdatedEventSchema,
  teamMemberRemovedEventSchema,
  companySwitchedEventSchema,
  referralUpdatedEventSchema,
  aiSuggestionChangedEventSchema,
] as const;

export const realtimeEventSchema = z.discriminatedUnion('type', [...realtimeEventSchemas]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
/** The event of one type, e.g. `RealtimeEventOf<'task.created'>`. */
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/** Builds an event stamped with the current time. */
export function realtimeEvent<T extends RealtimeEventType>(
  type: T,
  payload: RealtimeEventOf<T>['payload'],
  at: Date = new Date(),
): RealtimeEventOf<T> {
  return { type, payload, at: at.toISOString() } as RealtimeEventOf<T>;
}

/** Sent once the socket is authenticated and subscribed: events published from now on arrive. */
export const realtimeReadySchema = z.object({ type: z.literal('ready') });
/** The answer to a client's `{ type: 'ping' }`. */
export const realtimePongSchema = z.object({ type: z.literal('pong') });

/** Every message the server sends, as JSON text frames. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  ...realtimeEventSchemas,
  realtimeReadySchema,
  realtimePongSchema,
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

/**
 * What the client may send. Browsers cannot see protocol-level pings, so a client that wants to
 * know the link is alive sends this and expects a pong.
 */
export const realtimeClientMessageSchema = z.object({ type: z.literal('ping') });
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export { realtimeCloseCodes, realtimeCloseReasons, realtimeProtocol } from './realtime-protocol';
