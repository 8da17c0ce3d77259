import * as z from 'zod/mini';

/**
 * Every product call answers this envelope, on success and on failure (spec §3, §7).
 * `error` is always a sentence a person can read (pt-BR); `code` lets callers branch without
 * parsing text; `issues` points at the offending fields of a 400.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'SUBSCRIPTION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  /** 409: the number (ninth digit or not) is already on the company's blocklist. */
  'BLOCKLIST_DUPLICATE',
  /** 422: an Idempotency-Key already used for a request with other data. */
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'TIMEOUT',
  'NETWORK_ERROR',
  /** 409: the company already has a working WhatsApp connection. */
  'WHATSAPP_ALREADY_CONNECTED',
  /** 409: that WhatsApp number is connected to another company. */
  'WHATSAPP_NUMBER_IN_USE',
  /** 409: the company has no working WhatsApp connection (never connected, or it must reconnect). */
  'WHATSAPP_NOT_CONNECTED',
  /** 422: that message template cannot be the follow-up template (unknown, not approved, parameters). */
  'WHATSAPP_TEMPLATE_UNUSABLE',
  /** 502: Meta refused a call the company's connection made (permissions, account). */
  'WHATSAPP_GRAPH_REFUSED',
  /** 409: "Enviar agora" on a follow-up scheduled, on its way, gone out or cancelled. */
  'FOLLOW_UP_NOT_SENDABLE',
  /** 422: free text to a customer outside the 24-hour window (only a template can go). */
  'WHATSAPP_WINDOW_CLOSED',
  /** 422: the customer has no WhatsApp number (none stored, or Meta says it cannot receive). */
  'CUSTOMER_WITHOUT_WHATSAPP',
  /** 410: a team invitation accepted by someone else, revoked or expired. */
  'INVITATION_GONE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const issueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof issueSchema>;

export type SuccessEnvelope<T> = { success: true; data: T };
export type FailureEnvelope = {
  success: false;
  error: string;
  code?: ErrorCode;
  issues?: Issue[];
  requestId?: string;
};
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.optional(z.enum(errorCodes)),
  issues: z.optional(z.array(issueSchema)),
  requestId: z.optional(z.string()),
});

export function successEnvelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
