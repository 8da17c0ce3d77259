import * as z from 'zod';

/**
 * The parts of Meta's webhook payloads we read (../shared/whatsapp-cloud-api.md), parsed leniently:
 * unknown fields are ignored, and each entry, change, message, status or contact is checked on its
 * own, so one item Meta shapes differently (a new type, a missing field) never costs the others.
 */

const text = z.string();
const optionalText = z.string().nullish();
/** Timestamps are strings of unix seconds (numbers are read too). */
const timestamp = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform(Number);

/** Items of an array that parse; the others are dropped (and counted by the caller). */
export function parsedItems<T extends z.ZodType>(schema: T, value: unknown): z.output<T>[] {
  if (!Array.isArray(value)) return [];
  const items: z.output<T>[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

export const webhookEnvelopeSchema = z.object({
  object: optionalText,
  entry: z.array(z.unknown()),
});

export const webhookEntrySchema = z.object({
  /** The WhatsApp Business Account id. */
  id: optionalText,
  changes: z.array(z.unknown()),
});

export const webhookChangeSchema = z.object({
  field: text,
  value: z.record(z.string(), z.unknown()),
});

export const webhookMetadataSchema = z.object({
  display_phone_number: optionalText,
  phone_number_id: text,
});

export const webhookContactSchema = z.object({
  profile: z.object({ name: optionalText }).nullish(),
  wa_id: optionalText,
  /** Business-scoped user id (BR.150…): may come without a phone. */
  user_id: optionalText,
});
export type WebhookContact = z.output<typeof webhookContactSchema>;

const mediaSchema = z.object({
  id: optionalText,
  mime_type: optionalText,
  sha256: optionalText,
  caption: optionalText,
  filename: optionalText,
  voice: z.boolean().nullish(),
});

export const webhookMessageSchema = z.object({
  from: optionalText,
  from_user_id: optionalText,
  /** Echoes: the customer the owner wrote to. */
  to: optionalText,
  to_user_id: optionalText,
  id: z.string().min(1).max(512),
  // A timestamp we cannot read does not cost the message: the time it arrived stands in.
  timestamp: timestamp.nullish().catch(null),
  type: z.string().min(1),
  context: z.object({ id: optionalText }).nullish(),
  text: z.object({ body: optionalText }).nullish(),
  image: mediaSchema.nullish(),
  video: mediaSchema.nullish(),
  audio: mediaSchema.nullish(),
  document: mediaSchema.nullish(),
  sticker: mediaSchema.nullish(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: optionalText,
      address: optionalText,
    })
    .nullish(),
  reaction: z.object({ message_id: optionalText, emoji: optionalText }).nullish(),
  interactive: z
    .object({
      type: optionalText,
      button_reply: z.object({ id: optionalText, title: optionalText }).nullish(),
      list_reply: z.object({ id: optionalText, title: optionalText, description: optionalText }).nullish(),
    })
    .nullish(),
  button: z.object({ text: optionalText, payload: optionalText }).nullish(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: optionalText }).nullish(),
        phones: z.array(z.object({ phone: optionalText, wa_id: optionalText })).nullish(),
      }),
    )
    .nullish(),
  /** History: the message's state when it was synced. */
  history_context: z.object({ status: optionalText }).nullish(),
});
export type WebhookMessage = z.output<typeof webhookMessageSchema>;

export const webhookStatusSchema = z.object({
  id: z.string().min(1).max(512),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  // A timestamp we cannot read does not cost the message: the time it arrived stands in.
  timestamp: timestamp.nullish().catch(null),
  recipient_id: optionalText,
  // What the send put in biz_opaque_callback_data: Fechaí's send attempt id.
  biz_opaque_callback_data: optionalText,
  errors: z
    .array(z.object({ code: z.union([z.number(), z.string()]).nullish(), title: optionalText }))
    .nullish(),
});
export type WebhookStatus = z.output<typeof webhookStatusSchema>;

export const webhookErrorSchema = z.object({
  code: z.union([z.number(), z.string()]).transform(String),
  title: optionalText,
});

export const historyChunkSchema = z.object({
  metadata: z
    .object({ phase: z.unknown(), chunk_order: z.unknown(), progress: z.coerce.number().nullish() })
    .nullish(),
  threads: z.array(z.object({ id: text, messages: z.array(z.unknown()).nullish() })).nullish(),
  errors: z.array(z.unknown()).nullish(),
});

export const stateSyncSchema = z.object({
  type: text,
  action: text,
  contact: z
    .object({ full_name: optionalText, first_name: optionalText, phone_number: optionalText })
    .nullish(),
});

/** Meta's code for an owner who declined to share their chat history at coexistence onboarding. */
export const HISTORY_DECLINED_CODE = '2593109';
