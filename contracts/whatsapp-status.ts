import * as z from 'zod/mini';

/**
 * GET /api/whatsapp-connections/status (spec §7: success and data). The company's WhatsApp Business
 * connection as the home page and the follow-ups read it. Until the WhatsApp connection exists,
 * every company is `disconnected`.
 */
export const whatsappConnectionStatuses = ['disconnected', 'pending', 'connected', 'error'] as const;
export type WhatsappConnectionStatus = (typeof whatsappConnectionStatuses)[number];

export const whatsappConnectionStatusSchema = z.object({
  status: z.enum(whatsappConnectionStatuses),
  /** Digits with the country code, once connected. */
  phoneNumber: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  connectedAt: z.nullable(z.string()),
});
export type WhatsappConnectionState = z.infer<typeof whatsappConnectionStatusSchema>;

export const getWhatsappStatusContract = {
  method: 'GET',
  url: '/api/whatsapp-connections/status',
  response: whatsappConnectionStatusSchema,
} as const;
