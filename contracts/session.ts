import * as z from 'zod/mini';
import { roleSchema } from './roles';

/** Per company, both off unless switched on for that company (spec §3). */
export const featureFlagsSchema = z.object({
  isSentinelWatcherEnabled: z.boolean(),
  isMetaCoexistenceEnabled: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const defaultFeatureFlags: FeatureFlags = {
  isSentinelWatcherEnabled: false,
  isMetaCoexistenceEnabled: false,
};

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  /** Digits with the country code (5511987654321) once verified during onboarding. */
  mobilePhone: z.nullable(z.string()),
  currentCompanyId: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A fresh pair, present only when the check rotated an expired access token. */
export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const sessionCheckSchema = z.object({
  user: sessionUserSchema,
  company: z.nullable(z.object({ id: z.string() })),
  /** The user's role in the current company (issue 15); null without one. */
  role: z.nullable(roleSchema),
  /** How many companies the user belongs to: more than one offers the company switcher. */
  companyCount: z.number(),
  needsOnboarding: z.boolean(),
  hasCompany: z.boolean(),
  hasNoCurrentSubscriptionActive: z.boolean(),
  featureFlags: featureFlagsSchema,
  tokens: z.optional(tokenPairSchema),
});
export type SessionCheck = z.infer<typeof sessionCheckSchema>;

/**
 * Spec §7: headers `authorization` (`Bearer <access token>`) and `refresh_token`, both from the
 * cookies. A valid access token answers the session; an expired one with a valid refresh token
 * rotates both and answers the new pair in `tokens`. Anything else: 401 UNAUTHENTICATED.
 */
export const checkSessionContract = {
  method: 'GET',
  url: '/api/session/check',
  response: sessionCheckSchema,
} as const;

/** The header names the API reads the session from (spec §7). */
export const sessionHeaders = {
  authorization: 'authorization',
  refreshToken: 'refresh_token',
} as const;

export const validateEmailBodySchema = z.strictObject({
  verificationToken: z.string().check(z.minLength(1), z.maxLength(512)),
});

/**
 * Spec §7: `validated` is false for a token that is unknown, used or expired (the client shows
 * "Invalid or expired verification token"); a failed call is "Failed to verify email".
 */
export const validateEmailContract = {
  method: 'POST',
  url: '/api/auth/validate-email',
  body: validateEmailBodySchema,
  response: z.object({ validated: z.boolean() }),
} as const;
