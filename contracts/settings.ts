import * as z from 'zod/mini';
import { mobilePhoneInput, phoneVerificationSentSchema, verificationCodeInput } from './onboarding';

/** GET /api/settings/user (spec §7): the signed-in user, under `getUser`. */
export const settingsUserSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  /** Digits with 55. */
  mobilePhone: z.nullable(z.string()),
  /** ISO 8601. */
  mobilePhoneVerifiedAt: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  company: z.nullable(
    z.object({
      id: z.string(),
      name: z.nullable(z.string()),
      businessName: z.nullable(z.string()),
    }),
  ),
});
export type SettingsUser = z.infer<typeof settingsUserSchema>;

export const getSettingsUserContract = {
  method: 'GET',
  url: '/api/settings/user',
  response: z.object({ getUser: settingsUserSchema }),
} as const;

/** "Alterar o número de celular": a code to the new number (same rules as onboarding). */
export const sendPhoneChangeCodeContract = {
  method: 'POST',
  url: '/api/settings/phone/send-verification',
  body: z.strictObject({ phoneNumber: mobilePhoneInput, isResend: z.boolean() }),
  response: phoneVerificationSentSchema,
} as const;

/**
 * "Valide seu telefone" opened directly or reloaded: the phone-change code still pending for that
 * number (its times by the server's clock), or null when none was sent or it no longer works.
 */
export const getPendingPhoneChangeContract = {
  method: 'GET',
  url: '/api/settings/phone/pending-verification',
  query: z.object({ phoneNumber: mobilePhoneInput }),
  response: z.object({ pendingVerification: z.nullable(phoneVerificationSentSchema) }),
} as const;

/** "Valide seu telefone": the code checks out and the new number replaces the old one. */
export const verifyPhoneChangeContract = {
  method: 'POST',
  url: '/api/settings/phone/verify',
  body: z.strictObject({ phoneNumber: mobilePhoneInput, code: verificationCodeInput }),
  response: z.object({ mobilePhone: z.string() }),
} as const;
