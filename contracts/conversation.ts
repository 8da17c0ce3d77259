import * as z from 'zod/mini';
import { personSchema } from './activity';
import { customerParams } from './customers';
import { cursorInput, limitInput, pageInfoSchema } from './pagination';

/**
 * A customer's WhatsApp conversation, as the customer page's chat timeline reads it: what they sent,
 * what the business sent (from Fechaí or by hand from the Business app), and synced history.
 * Reactions are not items of their own: they ride on the message they react to.
 */
export const CONVERSATION_LIMIT_MIN = 10;
export const CONVERSATION_LIMIT_MAX = 100;
export const CONVERSATION_LIMIT_DEFAULT = 50;

export const conversationDirections = ['inbound', 'outbound'] as const;
/** webhook: live; echo: sent by hand from the Business app; history: coexistence sync; app: sent by Fechaí. */
export const conversationOrigins = ['webhook', 'echo', 'history', 'app'] as const;
export const conversationStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const conversationMediaSchema = z.object({
  /** GET this (signed-in) for the file; the server fetches it from the Graph media endpoint. */
  url: z.string(),
  mimeType: z.nullable(z.string()),
  fileName: z.nullable(z.string()),
  /** An audio message recorded as a voice note. */
  voice: z.boolean(),
});

export const conversationMessageSchema = z.object({
  id: z.string(),
  wamid: z.string(),
  direction: z.enum(conversationDirections),
  origin: z.enum(conversationOrigins),
  /** Meta's type: text, image, video, audio, document, sticker, location, contacts, interactive, button, unsupported… */
  type: z.string(),
  /** The text to show (body, caption, a button's title, a place's name); null when there is none. */
  body: z.nullable(z.string()),
  media: z.nullable(conversationMediaSchema),
  location: z.nullable(
    z.object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.nullable(z.string()),
      address: z.nullable(z.string()),
    }),
  ),
  /** The message this one answers, when it is in the conversation. */
  replyTo: z.nullable(
    z.object({
      id: z.string(),
      type: z.string(),
      body: z.nullable(z.string()),
      direction: z.enum(conversationDirections),
    }),
  ),
  reactions: z.array(z.object({ emoji: z.string(), direction: z.enum(conversationDirections) })),
  /** Outbound only; only ever moves forward (sent < delivered < read; failed). */
  status: z.nullable(z.enum(conversationStatuses)),
  error: z.nullable(z.object({ code: z.string(), title: z.nullable(z.string()) })),
  /** ISO 8601: when it was sent (Meta's timestamp). */
  sentAt: z.string(),
  /** Sent from Fechaí by or for this member ("Enviada por Ana": a reply, a follow-up they wrote). */
  sentBy: z.nullable(personSchema),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** Newest first; the next page holds older messages. */
export const listConversationContract = {
  method: 'GET',
  url: '/api/customers/:id/conversation',
  params: customerParams,
  query: z.object({
    cursor: cursorInput,
    limit: limitInput(CONVERSATION_LIMIT_MIN, CONVERSATION_LIMIT_MAX, CONVERSATION_LIMIT_DEFAULT),
  }),
  response: z.object({ items: z.array(conversationMessageSchema), pageInfo: pageInfoSchema }),
} as const;

/** The file of a media message (not JSON: the bytes, with Meta's content type). */
export const conversationMediaUrl = '/api/conversation-media/:messageId';
