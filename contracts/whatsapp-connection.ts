import * as z from 'zod/mini';
import { whatsappConnectionModes, whatsappConnectionStatusSchema } from './whatsapp-status';

/**
 * Connecting a WhatsApp Business number with Meta's Embedded Signup (../shared/whatsapp-cloud-api.md):
 * the browser runs Meta's popup with what `signup-config` says, then hands the code and the ids the
 * popup reported to the server, which exchanges the code (it lives 30 s), subscribes the app,
 * registers the number (not for coexistence) or asks for the contacts and history syncs.
 */

/**
 * Where the popup comes from. `meta`: Facebook's JavaScript SDK (`FB.login`), messages from
 * `messageOrigin` (https://www.facebook.com); `simulator`: the local Cloud API's own signup page
 * opened as a popup on the app's origin, speaking the same messages.
 */
export const embeddedSignupProviders = ['meta', 'simulator'] as const;

export const embeddedSignupConfigSchema = z.object({
  provider: z.enum(embeddedSignupProviders),
  appId: z.string(),
  graphVersion: z.string(),
  /** The Embedded Signup configuration for a Cloud API number. */
  configId: z.string(),
  /** The configuration for coexistence with the Business app. */
  coexistenceConfigId: z.string(),
  /** `meta`: the SDK script's address; `simulator`: the signup page's address. */
  sdkUrl: z.string(),
  /** The origin the WA_EMBEDDED_SIGNUP messages come from. */
  messageOrigin: z.string(),
});
export type EmbeddedSignupConfig = z.infer<typeof embeddedSignupConfigSchema>;

export const getEmbeddedSignupConfigContract = {
  method: 'GET',
  url: '/api/whatsapp-connections/signup-config',
  response: embeddedSignupConfigSchema,
} as const;

/** The `event` of the popup's WA_EMBEDDED_SIGNUP message that ended it well. */
export const embeddedSignupFinishes = [
  'FINISH',
  'FINISH_ONLY_WABA',
  'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING',
] as const;
export type EmbeddedSignupFinish = (typeof embeddedSignupFinishes)[number];

const metaId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[0-9]+$/));

export const connectWhatsappContract = {
  method: 'POST',
  url: '/api/whatsapp-connections',
  body: z.strictObject({
    /** FB.login's authorization code. */
    code: z.string().check(z.minLength(1), z.maxLength(2048)),
    mode: z.enum(whatsappConnectionModes),
    finish: z.enum(embeddedSignupFinishes),
    wabaId: metaId,
    /** Missing when the popup reported FINISH_ONLY_WABA: the server looks the number up. */
    phoneNumberId: z.nullable(metaId),
    businessId: z.nullable(metaId),
  }),
  /**
   * `connected`, `not_ready` or `error` with the problem (what Meta refused, in pt-BR). A 409 when
   * the company already has a live connection (WHATSAPP_ALREADY_CONNECTED) or the number is
   * connected to another company (WHATSAPP_NUMBER_IN_USE).
   */
  response: whatsappConnectionStatusSchema,
} as const;

/** Revokes the app's subscription, stops every send, and forgets the token. */
export const disconnectWhatsappContract = {
  method: 'DELETE',
  url: '/api/whatsapp-connections',
  response: whatsappConnectionStatusSchema,
} as const;

/** The feedback page's reasons (labels in the view). */
export const disconnectReasons = [
  'not_using',
  'too_hard',
  'missing_feature',
  'problems',
  'switching_number',
  'other',
] as const;
export type DisconnectReason = (typeof disconnectReasons)[number];
export const DISCONNECT_COMMENT_MAX = 1000;

export const sendDisconnectFeedbackContract = {
  method: 'POST',
  url: '/api/whatsapp-connections/disconnect-feedback',
  body: z.strictObject({
    reason: z.enum(disconnectReasons),
    comment: z.nullable(z.string().check(z.maxLength(DISCONNECT_COMMENT_MAX))),
  }),
  response: z.object({ received: z.literal(true) }),
} as const;
