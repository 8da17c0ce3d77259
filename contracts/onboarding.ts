import * as z from 'zod/mini';
import { documentTypes, isValidDocumentNumber, normalizeDocumentNumber } from './brazil/document-number';
import { isBrazilianMobile, normalizePhoneNumber } from './brazil/mobile-phone';
import { referralClaimSchema } from './referral';

/**
 * Onboarding (spec §2, §3, §4, §7): user name → company → phone → phone verification → trial.
 * Every command answers the new status, so the client moves on without asking again.
 */

export const onboardingSteps = ['userName', 'companyDetails', 'phone', 'verifyPhone', 'trial'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** A code went out: when it stops working and when another may be asked for. */
export const phoneVerificationSentSchema = z.object({
  /** Digits with 55. */
  phoneNumber: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
  /** ISO 8601; the resend button counts down to it. */
  resendAvailableAt: z.string(),
});
export type PhoneVerificationSent = z.infer<typeof phoneVerificationSentSchema>;

/** The user's current company as saved, so "Sobre sua empresa" opens filled in when revisited. */
export const savedCompanySchema = z.object({
  name: z.string(),
  businessName: z.string(),
  documentType: z.enum(documentTypes),
  /** Masked as the form shows it (000.000.000-00 / 00.000.000/0000-00). */
  documentNumber: z.string(),
});
export type SavedCompany = z.infer<typeof savedCompanySchema>;

export const onboardingStatusSchema = z.object({
  /** `verifyPhone` while a code sent to the user is still valid; `trial` once the rest is done. */
  currentStep: z.enum(onboardingSteps),
  isSignupComplete: z.boolean(),
  prefillData: z.object({
    /** The name given at sign-up (hosted login). */
    name: z.nullable(z.string()),
    /** Digits with 55: the verified number, else the one a pending code was sent to. */
    phone: z.nullable(z.string()),
  }),
  signupSteps: z.object({
    userNameSet: z.boolean(),
    hasCompanyCreated: z.boolean(),
    phoneVerified: z.boolean(),
  }),
  /**
   * The onboarding code still pending (not used, not expired, tries left), else null: after a
   * reload the code step counts down to the same resend time the server enforces.
   */
  pendingVerification: z.nullable(phoneVerificationSentSchema),
  /** The user's current company, else null. */
  company: z.nullable(savedCompanySchema),
  /**
   * The current company is one the person joined by accepting an invitation (issue 15): its details
   * are the owner's, so there is no company step and no trial; their sign-up ends with their phone.
   */
  joinedByInvitation: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const getOnboardingStatusContract = {
  method: 'GET',
  url: '/api/onboarding/status',
  response: onboardingStatusSchema,
} as const;

export const PERSON_NAME_MAX = 120;
export const COMPANY_NAME_MAX = 120;

const personName = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, { error: 'Informe seu nome.' }),
    z.maxLength(PERSON_NAME_MAX, { error: `Use no máximo ${PERSON_NAME_MAX} caracteres.` }),
  );

/** "Sobre você". */
export const saveUserNameContract = {
  method: 'PUT',
  url: '/api/onboarding/user-name',
  body: z.strictObject({ name: personName }),
  response: onboardingStatusSchema,
} as const;

const companyText = (missing: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(2, { error: missing }),
      z.maxLength(COMPANY_NAME_MAX, { error: `Use no máximo ${COMPANY_NAME_MAX} caracteres.` }),
    );

export const INVALID_CPF_TEXT = 'CPF inválido. Confira os números.';
export const INVALID_CNPJ_TEXT = 'CNPJ inválido. Confira os números.';

/** The document number checks out for its type (check digits), reported on documentNumber. */
export const documentNumberCheck = z.superRefine(
  (value: { documentType: (typeof documentTypes)[number]; documentNumber: string }, ctx) => {
    if (!isValidDocumentNumber(value.documentType, value.documentNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentNumber'],
        message: value.documentType === 'cpf' ? INVALID_CPF_TEXT : INVALID_CNPJ_TEXT,
        input: value.documentNumber,
      });
    }
  },
);

export const companyDetailsFields = {
  /** How customers know the business (nome fantasia). */
  name: companyText('Informe o nome da empresa.'),
  /** The registered name (razão social), or the owner's name for a CPF. */
  businessName: companyText('Informe a razão social.'),
  documentType: z.enum(documentTypes),
  /** As typed (masks allowed); the server keeps only its digits (and letters of a CNPJ). */
  documentNumber: z.string().check(z.maxLength(32)),
};

export const companyDetailsSchema = z.strictObject(companyDetailsFields).check(documentNumberCheck);
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
export { normalizeDocumentNumber };

/**
 * What "Sobre sua empresa" sends: the details, and who referred the newcomer when arrival kept a
 * referral record (spec §3; recorded only when the company is first created).
 */
export const saveCompanyBodySchema = z
  .strictObject({ ...companyDetailsFields, referral: z.optional(referralClaimSchema) })
  .check(documentNumberCheck);
export type SaveCompanyBody = z.infer<typeof saveCompanyBodySchema>;

/** "Sobre sua empresa": creates the user's company (or corrects it, if sent again). */
export const saveCompanyContract = {
  method: 'POST',
  url: '/api/onboarding/company',
  body: saveCompanyBodySchema,
  response: onboardingStatusSchema,
} as const;

export const INVALID_MOBILE_TEXT = 'Informe um celular válido com DDD, por exemplo (11) 91234-5678.';

/** A Brazilian mobile, as typed; normalised (spec §5) before it is sent. */
export const mobilePhoneInput = z.string().check(
  z.maxLength(32),
  z.refine((value) => isBrazilianMobile(normalizePhoneNumber(value)), { error: INVALID_MOBILE_TEXT }),
);

export const VERIFICATION_CODE_LENGTH = 6;
export const verificationCodeInput = z
  .string()
  .check(z.trim(), z.regex(/^[0-9]{6}$/, { error: 'O código tem 6 números.' }));

/** Spec §7: body phoneNumber, userId, isResend. `userId` must be the caller's own. */
export const sendPhoneVerificationBodySchema = z.strictObject({
  phoneNumber: mobilePhoneInput,
  userId: z.string().check(z.minLength(1)),
  isResend: z.boolean(),
});

export const sendPhoneVerificationContract = {
  method: 'POST',
  url: '/api/onboarding/phone/send-verification',
  body: sendPhoneVerificationBodySchema,
  response: phoneVerificationSentSchema,
} as const;

export const verifyPhoneBodySchema = z.strictObject({
  phoneNumber: mobilePhoneInput,
  code: verificationCodeInput,
});

/** The code checks out: the number becomes the user's verified mobile. */
export const verifyPhoneContract = {
  method: 'POST',
  url: '/api/onboarding/phone/verify',
  body: verifyPhoneBodySchema,
  response: onboardingStatusSchema,
} as const;

export const freeTrialSchema = z.object({
  trialDays: z.number(),
  /** ISO 8601: when the trial ends (or would end, if started now). */
  endsAt: z.string(),
  started: z.boolean(),
});
export type FreeTrial = z.infer<typeof freeTrialSchema>;

/** "Tudo pronto para começar": what the trial offers (spec §7 "GET onboarding free-trial"). */
export const getFreeTrialContract = {
  method: 'GET',
  url: '/api/onboarding/free-trial',
  response: freeTrialSchema,
} as const;

/** Starts the trial and completes sign-up; a second call changes nothing. */
export const startFreeTrialContract = {
  method: 'POST',
  url: '/api/onboarding/free-trial',
  response: freeTrialSchema,
} as const;
