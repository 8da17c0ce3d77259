import * as z from 'zod/mini';
import { activityEventSchema } from './activity';
import { customerParams, customerSchema } from './customers';

/**
 * A customer's data under the LGPD (issue 14): everything the company holds about one customer as
 * one JSON file, and the erase that removes what names them while the counts stay right.
 */

/** GET: the file itself (Content-Disposition attachment), not the envelope; failures before it are. */
export const CUSTOMER_DATA_EXPORT_URL = '/api/customers/:id/data-export';
/** The data export as the routes walk it: a manager's (staff export nothing, issue 15). */
export const customerDataExportDownload = {
  method: 'GET',
  url: CUSTOMER_DATA_EXPORT_URL,
  minRole: 'manager',
} as const;

/** What an erased customer is called from then on. */
export const ERASED_CUSTOMER_NAME = 'Cliente removido';
/** What is left of an erased customer's follow-up texts (the column holds text, never empty). */
export const ERASED_FOLLOW_UP_TEXT = 'Mensagem apagada a pedido do cliente.';
/** What is left of an advisor answer that cited an erased customer, and of the AI's suggestions for them. */
export const ERASED_AI_TEXT = 'Conteúdo apagado a pedido do cliente.';

export const ERASE_CONFIRM_MISMATCH_TEXT = 'Digite o nome do cliente exatamente como aparece para confirmar.';

/** The manager or owner confirms by sending the customer's name as the page shows it. */
export const eraseCustomerBodySchema = z.strictObject({
  confirm: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const eraseCustomerContract = {
  method: 'POST',
  url: '/api/customers/:id/erase',
  params: customerParams,
  body: eraseCustomerBodySchema,
  response: z.object({ customer: customerSchema }),
  minRole: 'manager',
} as const;

// The file. Times are ISO 8601; ids are the app's.

const mediaFileSchema = z.union([
  z.object({
    mimeType: z.string(),
    fileName: z.nullable(z.string()),
    sizeBytes: z.number(),
    base64: z.string(),
  }),
  /** The file could not be fetched from WhatsApp (gone, no connection…): why, in pt-BR. */
  z.object({
    mimeType: z.nullable(z.string()),
    fileName: z.nullable(z.string()),
    unavailable: z.string(),
  }),
]);

export const exportedMessageSchema = z.object({
  id: z.string(),
  wamid: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  origin: z.string(),
  type: z.string(),
  body: z.nullable(z.string()),
  /** What WhatsApp sent with it (media id, caption, location, reaction target…), as stored. */
  details: z.record(z.string(), z.unknown()),
  replyToWamid: z.nullable(z.string()),
  status: z.nullable(z.string()),
  error: z.nullable(z.object({ code: z.string(), title: z.nullable(z.string()) })),
  sentAt: z.string(),
  media: z.nullable(mediaFileSchema),
});
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;

const exportedFollowUpSchema = z.object({
  id: z.string(),
  message: z.string(),
  scheduledFor: z.string(),
  status: z.string(),
  sentAs: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  conversationMessageId: z.nullable(z.string()),
  createdAt: z.string(),
});

export const customerDataFileSchema = z.object({
  format: z.literal('fechai.customer-data.v1'),
  exportedAt: z.string(),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.nullable(z.string()),
    email: z.nullable(z.string()),
    notes: z.nullable(z.string()),
    tags: z.array(z.string()),
    source: z.nullable(z.string()),
    whatsappUserId: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastContactAt: z.nullable(z.string()),
    lastInboundAt: z.nullable(z.string()),
    followUpsPausedAt: z.nullable(z.string()),
    whatsappUndeliverableAt: z.nullable(z.string()),
    erasedAt: z.nullable(z.string()),
  }),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.nullable(z.string()),
      status: z.string(),
      dueAt: z.string(),
      completedAt: z.nullable(z.string()),
      recurrence: z.string(),
      createdAt: z.string(),
      followUps: z.array(exportedFollowUpSchema),
    }),
  ),
  /** Follow-ups no longer attached to a task. */
  followUpsWithoutTask: z.array(exportedFollowUpSchema),
  deals: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      valueCents: z.number(),
      status: z.string(),
      stageName: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** "Contatos ignorados": the entry for the customer's number, if there is one. */
  blocklist: z.nullable(z.object({ name: z.string(), phone: z.string(), createdAt: z.string() })),
  /** Who did what about them (their tasks, deals, messages sent), oldest first. */
  activity: z.array(activityEventSchema),
  /** The whole WhatsApp conversation, oldest first, media files embedded. */
  conversation: z.array(exportedMessageSchema),
});
export type CustomerDataFile = z.infer<typeof customerDataFileSchema>;
