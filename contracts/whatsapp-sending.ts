import * as z from 'zod/mini';
import { conversationMessageSchema } from './conversation';
import { customerParams } from './customers';
import { idParam } from './pagination';
import { followUpMessageSchema } from './tasks';

/**
 * Sending on WhatsApp (../shared/whatsapp-cloud-api.md, Sending): the customer's 24-hour window, the
 * owner's reply from the customer page, and what the owner can do about a follow-up held back.
 * Every send (follow-ups and replies) goes through one dispatcher: the attempt is recorded before
 * the Graph call, the number's throughput and the per-recipient pair rate are kept, and Meta's
 * error table decides retry, stop or flag.
 */

export const REPLY_TEXT_MAX = 4096;
export const REPLY_TEXT_REQUIRED_TEXT = 'Escreva a mensagem.';

/** The customer's side of sending: the window, whether follow-ups are paused, the number's state. */
export const customerWhatsappSchema = z.object({
  /** ISO 8601: when the 24-hour window opened by the customer's last message closes; null if closed. */
  windowClosesAt: z.nullable(z.string()),
  /** ISO 8601: the owner answered by hand from the phone; automatic follow-ups wait until resumed. */
  followUpsPausedAt: z.nullable(z.string()),
  /** WhatsApp said this number cannot receive messages (131026): check it with the customer. */
  undeliverable: z.boolean(),
  /** The company's connection can send now (connected, not waiting to be reconnected). */
  canSend: z.boolean(),
});
export type CustomerWhatsapp = z.infer<typeof customerWhatsappSchema>;

export const getCustomerWhatsappContract = {
  method: 'GET',
  url: '/api/customers/:id/whatsapp',
  params: customerParams,
  response: customerWhatsappSchema,
} as const;

/** The customer's follow-ups that have not reached their end: scheduled first, by time. */
export const listCustomerFollowUpsContract = {
  method: 'GET',
  url: '/api/customers/:id/follow-ups',
  params: customerParams,
  response: z.object({
    items: z.array(z.extend(followUpMessageSchema, { taskTitle: z.nullable(z.string()) })),
  }),
} as const;

/** Resumes the customer's automatic follow-ups paused by a reply from the phone. */
export const resumeCustomerFollowUpsContract = {
  method: 'POST',
  url: '/api/customers/:id/follow-ups/resume',
  params: customerParams,
  response: z.object({ whatsapp: customerWhatsappSchema, resumed: z.number() }),
} as const;

/**
 * Sends a follow-up that expired, failed without having gone out, or is paused, now: queued at once
 * (as free text inside the window, as the template outside it). 409 FOLLOW_UP_NOT_SENDABLE when it
 * went out already, is on its way, or was cancelled.
 */
export const sendFollowUpNowContract = {
  method: 'POST',
  url: '/api/followup/:followUpMessageId/send-now',
  params: z.object({ followUpMessageId: idParam }),
  response: z.object({ followUpMessage: followUpMessageSchema }),
} as const;

const replyText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: REPLY_TEXT_REQUIRED_TEXT }),
    z.maxLength(REPLY_TEXT_MAX, { error: `Use no máximo ${REPLY_TEXT_MAX} caracteres.` }),
  );

/**
 * The owner's reply from the customer page, sent at once through the dispatcher: free text inside
 * the 24-hour window (422 WHATSAPP_WINDOW_CLOSED outside it), or an approved template with its body
 * parameters in order (422 WHATSAPP_TEMPLATE_UNUSABLE when it is not approved or the count is
 * wrong). 409 WHATSAPP_NOT_CONNECTED without a working connection; 422 CUSTOMER_WITHOUT_WHATSAPP
 * when the customer has no phone; 502 WHATSAPP_GRAPH_REFUSED with Meta's reason in pt-BR.
 * Not an Idempotency-Key create: the attempt must commit before the Graph call, which a create's
 * single transaction cannot do (server/modules/whatsapp-sending/dispatcher.ts).
 */
export const replyInputSchema = z.union([
  z.strictObject({ text: replyText }),
  z.strictObject({
    template: z.strictObject({
      name: z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^[a-z0-9_]+$/)),
      language: z.string().check(z.minLength(2), z.maxLength(16), z.regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/)),
    }),
    parameters: z.array(replyText).check(z.maxLength(10)),
  }),
]);
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const sendReplyContract = {
  method: 'POST',
  url: '/api/customers/:id/messages',
  params: customerParams,
  body: replyInputSchema,
  response: z.object({ message: conversationMessageSchema }),
} as const;
