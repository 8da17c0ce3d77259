/** Phone verification codes (spec §2 "Telefone", issue 4): how long they last and how often they go out. */
export const PHONE_CODE_LIMITS = {
  /** A code works for this long after it is sent. */
  ttlMinutes: 10,
  /** Wrong guesses a code survives; the next one kills it and a new code must be asked for. */
  maxFailedAttempts: 5,
  /** Codes one user may ask for per hour and purpose, whatever the cooldown allows. */
  sendsPerHour: 5,
} as const;

/** Why a code is asked for; a code of one purpose never works for the other. */
export type PhoneCodePurpose = 'onboarding' | 'phone_change';
