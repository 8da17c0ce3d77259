import * as z from 'zod/mini';

/**
 * GET /api/whatsapp-connections/status (spec §7: success and data): the company's WhatsApp Business
 * connection, as the connection pages, the home card and the follow-ups read it.
 *
 * - `disconnected`: no connection (never connected, or the owner disconnected it);
 * - `connecting`: Embedded Signup finished and the server is setting the number up;
 * - `connected`: messages flow both ways;
 * - `not_ready`: set up, but Meta will not let the number work yet (`problem` says why);
 * - `error`: the set-up failed (`problem` says why);
 * - `offboarded`: Meta's ACCOUNT_OFFBOARDED (the number left: phone changed, app reinstalled);
 * - `needs_reconnect`: Meta refused the business token (190): connect again to resume.
 */
export const whatsappConnectionStatuses = [
  'disconnected',
  'connecting',
  'connected',
  'not_ready',
  'error',
  'offboarded',
  'needs_reconnect',
] as const;
export type WhatsappConnectionStatus = (typeof whatsappConnectionStatuses)[number];

/** cloud_api: the number lives on the Cloud API only; coexistence: shared with the Business app. */
export const whatsappConnectionModes = ['cloud_api', 'coexistence'] as const;
export type WhatsappConnectionMode = (typeof whatsappConnectionModes)[number];

export const whatsappConnectionProblemSchema = z.object({
  /** Meta's error code or ours (e.g. "133005", "NO_PHONE_NUMBER", "CODE_EXPIRED"). */
  code: z.string(),
  /** What happened, in pt-BR, for the owner. */
  detail: z.string(),
});
export type WhatsappConnectionProblem = z.infer<typeof whatsappConnectionProblemSchema>;

export const whatsappConnectionStatusSchema = z.object({
  status: z.enum(whatsappConnectionStatuses),
  mode: z.nullable(z.enum(whatsappConnectionModes)),
  /** Digits with the country code, once known. */
  phoneNumber: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  /** ISO 8601. */
  connectedAt: z.nullable(z.string()),
  problem: z.nullable(whatsappConnectionProblemSchema),
  /** Coexistence: how far the history sync got (0–100); null when none was asked for. */
  historyProgress: z.nullable(z.number()),
});
export type WhatsappConnectionState = z.infer<typeof whatsappConnectionStatusSchema>;

export const disconnectedWhatsapp: WhatsappConnectionState = {
  status: 'disconnected',
  mode: null,
  phoneNumber: null,
  displayName: null,
  connectedAt: null,
  problem: null,
  historyProgress: null,
};

export const getWhatsappStatusContract = {
  method: 'GET',
  url: '/api/whatsapp-connections/status',
  response: whatsappConnectionStatusSchema,
} as const;
